import { useEffect, type ReactNode } from 'react';
import { Table, type TablePaginationConfig, type TableProps } from 'antd';
import type { TableFilterState } from '../../lib/tableFilters';
import { ListStatus } from './ListStatus';
import { STALE_ROW_STYLE } from './staleRows';
import type { ListQueryState } from './useListQuery';
import type { TableFilters } from './useTableFilters';

/** A page of a list endpoint: its rows and how many match in all. */
export interface ListPage<Row> {
  items: Row[];
  totalCount: number;
  /** The server stopped counting here (the results tables): shown as "10,000+". */
  totalCountCapped?: boolean;
}

export const PAGE_SIZES = [10, 20, 50, 100, 200];

export interface ListTableProps<
  Row extends object,
  State extends TableFilterState<string>,
> extends Omit<TableProps<Row>, 'dataSource' | 'loading' | 'onChange' | 'pagination'> {
  list: TableFilters<State>;
  query: ListQueryState<ListPage<Row>>;
  /** The failure's title, e.g. "The athletes could not be loaded." */
  failure: ReactNode;
  /** What an empty table says (`ListEmpty`). */
  empty: ReactNode;
  /** The pager's choices of page size; 10 to 200 unless told. */
  pageSizeOptions?: number[];
}

/**
 * The list view of every server-paged table: the list controller's state
 * (`useTableFilters`) and the list query (`useListQuery`) drawn as an antd Table.
 * - first load, failure: `ListStatus` (a skeleton; the failure with "Try again");
 * - the sort and the page are the slice's (the table shows what the server was asked
 *   for), and antd's `onChange` dispatches the slice's events;
 * - while the next page or the next filters' rows are on their way, the table shows
 *   antd's loading state and says so (`aria-busy`), and the rows still shown, those of
 *   the previous request, are dimmed and marked `data-stale`;
 * - a page past the end (rows deleted, a remembered page) goes to the last page;
 * - an empty table shows `empty`.
 * Everything else (columns, row key, selection, row clicks, expansion) is the table's own.
 *
 * @example
 * <ListTable<Athlete, AthleteFilters> rowKey="id" list={list} query={query}
 *   failure="The athletes could not be loaded." columns={columns} empty={<ListEmpty … />} />
 */
export function ListTable<Row extends object, State extends TableFilterState<string>>({
  list,
  query,
  failure,
  empty,
  pageSizeOptions = PAGE_SIZES,
  onRow,
  locale,
  ...table
}: ListTableProps<Row, State>) {
  const { filters, paged, onTableChange } = list;
  const { data, isFetching, stale } = query;
  const lastPage = data ? Math.max(1, Math.ceil(data.totalCount / filters.pageSize)) : 1;
  const pastTheEnd =
    !stale && data !== undefined && data.items.length === 0 && filters.pageNumber > lastPage;
  useEffect(() => {
    if (pastTheEnd) paged(lastPage, filters.pageSize);
  }, [pastTheEnd, lastPage, filters.pageSize, paged]);

  const pagination: TablePaginationConfig = {
    current: filters.pageNumber,
    pageSize: filters.pageSize,
    total: data?.totalCount ?? 0,
    showSizeChanger: true,
    pageSizeOptions,
    showTotal: (total, [from, to]) =>
      `${from}–${to} of ${total.toLocaleString()}${data?.totalCountCapped ? '+' : ''}`,
  };

  return (
    <ListStatus query={query} failure={failure}>
      <Table<Row>
        size="small"
        scroll={{ x: 'max-content' }}
        style={{ fontVariantNumeric: 'tabular-nums' }}
        showSorterTooltip={false}
        {...table}
        aria-busy={isFetching}
        dataSource={data?.items}
        loading={isFetching}
        onChange={onTableChange as TableProps<Row>['onChange']}
        pagination={pagination}
        locale={{ ...locale, emptyText: empty }}
        onRow={(row, index) => {
          const own = onRow?.(row, index) ?? {};
          if (!stale) return own;
          return {
            ...own,
            'data-stale': 'true',
            style: { ...own.style, ...STALE_ROW_STYLE },
          } as ReturnType<NonNullable<TableProps<Row>['onRow']>>;
        }}
      />
    </ListStatus>
  );
}
