import { act, screen, waitFor, within } from '@testing-library/react';
import type { TableColumnsType } from 'antd';
import {
  ListEmpty,
  ListTable,
  useListQuery,
  useTableFilters,
} from '../../../../src/components/list';
import { athleteApi, type Athlete } from '../../../../src/features/athletes/athleteApi';
import { sortableColumns } from '../../../../src/features/athletes/athleteColumns';
import {
  athleteFiltersSlice,
  initialAthleteFilters,
} from '../../../../src/features/athletes/athleteFiltersSlice';
import { json, renderWithProviders, stubApi } from '../../test-utils';

/** A page of `GET /athlete` with one athlete per name. */
function page(names: string[], totalCount = names.length, pageNumber = 1) {
  return {
    items: names.map((lastName, i) => ({ id: pageNumber * 100 + i, firstName: 'A', lastName })),
    totalCount,
    pageNumber,
    pageSize: 20,
  };
}

const columns: TableColumnsType<Athlete> = [
  { key: 'firstName', dataIndex: 'firstName', title: 'First name' },
  { key: 'lastName', dataIndex: 'lastName', title: 'Last name', sorter: true },
];

/** The smallest table made of the list view: what every table of the app is made of. */
function TestList() {
  const list = useTableFilters(athleteFiltersSlice, sortableColumns);
  const query = useListQuery(athleteApi.endpoints.listAthletes, list.filters);
  return (
    <ListTable<Athlete, typeof list.filters>
      rowKey="id"
      aria-label="Athletes"
      list={list}
      query={query}
      failure="The athletes could not be loaded."
      columns={columns}
      empty={
        <ListEmpty
          filtered={list.active}
          noMatch="No athlete matches these filters"
          onClear={list.cleared}
          title="No athletes yet"
        />
      }
    />
  );
}

/** An answer that waits until `release` (or until its request is aborted, as fetch does). */
function deferred(body: unknown) {
  let release!: () => void;
  const signals: AbortSignal[] = [];
  const answer = (request: Request) => {
    signals.push(request.signal);
    return new Promise<Response>((resolve, reject) => {
      release = () => resolve(json(body));
      request.signal.addEventListener('abort', () => reject(request.signal.reason as Error));
    });
  };
  return { answer, release: () => release(), signals };
}

const pageOf = (request: Request) => Number(new URL(request.url).searchParams.get('pageNumber'));
const lastNameOf = (request: Request) => new URL(request.url).searchParams.get('lastNameQuery');

function render(preloaded = initialAthleteFilters) {
  return renderWithProviders(<TestList />, { preloadedState: { athleteFilters: preloaded } });
}

const table = () => screen.getByRole('table').closest('[aria-busy]')!;
const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('the list view', () => {
  it('shows a skeleton on the first load, then the rows with the pager', async () => {
    const first = deferred(page(['Okafor', 'Nguyen'], 45));
    stubApi({ 'GET /api/athlete': first.answer });
    render();
    await waitFor(() => expect(first.signals).toHaveLength(1));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(document.querySelector('.ant-skeleton')).not.toBeNull();
    act(() => first.release());
    expect(await screen.findByRole('row', { name: /Okafor/ })).toBeInTheDocument();
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();
  });

  it('says what failed and tries again', async () => {
    let calls = 0;
    const api = stubApi({
      'GET /api/athlete': () =>
        ++calls === 1 ? json({ message: 'down' }, 500) : json(page(['Okafor'])),
    });
    const { user } = render();
    expect(await screen.findByText('The athletes could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('row', { name: /Okafor/ })).toBeInTheDocument();
    expect(api.sent('GET /api/athlete')).toHaveLength(2);
  });

  it('turns the pager and a sorter into the slice’s events', async () => {
    const api = stubApi({
      'GET /api/athlete': (request) => json(page([`Page${pageOf(request)}`], 45, pageOf(request))),
    });
    const { user, store } = render();
    await screen.findByRole('row', { name: /Page1/ });
    await user.click(screen.getByRole('listitem', { name: '2' }));
    await screen.findByRole('row', { name: /Page2/ });
    expect(store.getState().athleteFilters).toMatchObject({ pageNumber: 2, pageSize: 20 });

    await user.click(screen.getByRole('columnheader', { name: /Last name/ }));
    await waitFor(() => expect(store.getState().athleteFilters.sort).toBe('LastNameAsc'));
    // A new sort starts again at page 1 (the slice's rule), and the server is asked so.
    expect(store.getState().athleteFilters.pageNumber).toBe(1);
    const last = new URL(api.sent('GET /api/athlete').at(-1)!.url).searchParams;
    expect(last.get('sort')).toBe('LastNameAsc');
    expect(last.get('pageNumber')).toBe('1');
  });

  it('while the next page is on its way: loading, and the old rows marked stale', async () => {
    const second = deferred(page(['Beta'], 45, 2));
    stubApi({
      'GET /api/athlete': (request) =>
        pageOf(request) === 2 ? second.answer(request) : json(page(['Alpha'], 45)),
    });
    const { user } = render();
    await screen.findByRole('row', { name: /Alpha/ });
    expect(table()).toHaveAttribute('aria-busy', 'false');
    expect(rowOf('Alpha')).not.toHaveAttribute('data-stale');

    await user.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(table()).toHaveAttribute('aria-busy', 'true'));
    // antd's loading state over the table, and the first page's rows dimmed as stale.
    expect(document.querySelector('.ant-spin-spinning')).not.toBeNull();
    expect(rowOf('Alpha')).toHaveAttribute('data-stale', 'true');
    expect(rowOf('Alpha')).toHaveStyle({ opacity: '0.45' });

    act(() => second.release());
    expect(await screen.findByRole('row', { name: /Beta/ })).not.toHaveAttribute('data-stale');
    expect(table()).toHaveAttribute('aria-busy', 'false');
    expect(document.querySelector('.ant-spin-spinning')).toBeNull();
  });

  it('cancels the request a newer filter change made obsolete', async () => {
    const slow = deferred(page(['Slow']));
    stubApi({
      'GET /api/athlete': (request) =>
        lastNameOf(request) === 'Kutch'
          ? slow.answer(request)
          : json(page([`Now${pageOf(request)}`])),
    });
    const { store } = render();
    await screen.findByRole('row', { name: /Now1/ });

    act(
      () =>
        void store.dispatch(athleteFiltersSlice.actions.filtersChanged({ lastNameQuery: 'Kutch' })),
    );
    await waitFor(() => expect(slow.signals).toHaveLength(1));
    expect(slow.signals[0]!.aborted).toBe(false);

    act(
      () =>
        void store.dispatch(athleteFiltersSlice.actions.filtersChanged({ lastNameQuery: 'Ng' })),
    );
    await waitFor(() => expect(slow.signals[0]!.aborted).toBe(true));
    // The newer request is answered and shown; the cancelled one is no failure.
    await waitFor(() => expect(table()).toHaveAttribute('aria-busy', 'false'));
    expect(rowOf('Now1')).not.toHaveAttribute('data-stale');
    expect(screen.queryByText('The athletes could not be loaded.')).not.toBeInTheDocument();
  });

  it('keeps a request that is still current running', async () => {
    const slow = deferred(page(['Slow']));
    stubApi({ 'GET /api/athlete': slow.answer });
    const { store } = render();
    await waitFor(() => expect(slow.signals).toHaveLength(1));
    // Choosing what is already chosen is no change: nothing is cancelled.
    act(
      () => void store.dispatch(athleteFiltersSlice.actions.filtersChanged({ lastNameQuery: '' })),
    );
    act(() => slow.release());
    expect(await screen.findByRole('row', { name: /Slow/ })).toBeInTheDocument();
    expect(slow.signals[0]!.aborted).toBe(false);
  });

  it('says that the filters hide every row, and clears them', async () => {
    stubApi({
      'GET /api/athlete': (request) => json(lastNameOf(request) ? page([]) : page(['Okafor'])),
    });
    const { user, store } = render({ ...initialAthleteFilters, lastNameQuery: 'Zz' });
    expect(await screen.findByText('No athlete matches these filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('row', { name: /Okafor/ })).toBeInTheDocument();
    expect(store.getState().athleteFilters.lastNameQuery).toBe('');
  });

  it('says there is nothing yet when no filter is on', async () => {
    stubApi({ 'GET /api/athlete': () => json(page([])) });
    render();
    expect(await screen.findByText('No athletes yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('goes to the last page when the remembered one is past the end', async () => {
    const api = stubApi({
      'GET /api/athlete': (request) =>
        json(pageOf(request) === 2 ? page(['Last'], 25, 2) : page([], 25, pageOf(request))),
    });
    const { store } = render({ ...initialAthleteFilters, pageNumber: 5 });
    expect(await screen.findByRole('row', { name: /Last/ })).toBeInTheDocument();
    expect(store.getState().athleteFilters.pageNumber).toBe(2);
    expect(api.sent('GET /api/athlete').map((sent) => pageOf(new Request(sent.url)))).toEqual([
      5, 2,
    ]);
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);
  });
});
