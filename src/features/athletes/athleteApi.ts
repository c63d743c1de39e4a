import type {
  AthleteBody,
  AthleteInput,
  AthleteListBody,
  Gender,
  ImportReportBody,
  PositionBody,
  RosterBody,
  RosterMembersInput,
  SportBody,
} from '../../../contract/athlete';
import { baseApi, downloadCsv, type QueryParams } from '../../lib/api';
import type { AthleteFilters } from './athleteFiltersSlice';

export type { RosterBody as Roster, SportBody as Sport };
export type { PositionBody as Position, ImportReportBody as ImportReport };

// The contract's Static types lose the gender literals (a Type.Union over a mapped
// array comes out as `null`); the app restores them from the contract's `Gender`.
export type Athlete = Omit<AthleteBody, 'gender'> & { gender: Gender | null };
export type AthleteWrite = Omit<AthleteInput, 'gender'> & { gender?: Gender | null };
type AthleteList = Omit<AthleteListBody, 'items'> & { items: Athlete[] };

/** The filters as query parameters: empty name queries are left out. */
function filterParams({ pageNumber, pageSize, ...narrowing }: AthleteFilters): QueryParams {
  return {
    ...Object.fromEntries(
      Object.entries(narrowing).map(([key, value]) => [key, value === '' ? undefined : value]),
    ),
    pageNumber,
    pageSize,
  };
}

/** The export takes the filters but no page: it holds every matching athlete. */
function exportParams(filters: AthleteFilters): QueryParams {
  const { pageNumber: _page, pageSize: _size, ...params } = filterParams(filters);
  return params;
}

export interface ImportArgs {
  csv: string;
  dryRun: boolean;
}

/**
 * Athletes, rosters, sports and positions (contract/athlete.ts). Tags are coarse: the
 * athlete list shows roster names and rosters show member counts, so any write to one
 * refetches the other. Adding or removing athletes changes the coach's athlete spots, so
 * those writes refetch `User` too (the top bar).
 *
 * @example
 * const { data } = useListAthletesQuery(useAppSelector(selectAthleteFilters));
 * const [createAthlete] = useCreateAthleteMutation();
 * await createAthlete({ firstName: 'Ada', lastName: 'Okafor' }).unwrap();
 */
export const athleteApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listAthletes: build.query<AthleteList, AthleteFilters>({
      query: (filters) => ({ url: '/athlete', params: filterParams(filters) }),
      providesTags: ['Athlete'],
    }),
    getAthlete: build.query<Athlete, number>({
      query: (id) => `/athlete/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Athlete', id }],
    }),
    createAthlete: build.mutation<Athlete, AthleteWrite>({
      query: (body) => ({ url: '/athlete', method: 'POST', body }),
      invalidatesTags: ['Athlete', 'Roster', 'User'],
    }),
    updateAthlete: build.mutation<Athlete, { id: number; input: AthleteWrite }>({
      query: ({ id, input }) => ({ url: `/athlete/${id}`, method: 'PUT', body: input }),
      invalidatesTags: ['Athlete', 'Roster'],
    }),
    deleteAthlete: build.mutation<void, number>({
      query: (id) => ({ url: `/athlete/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Athlete', 'Roster', 'User'],
    }),
    createRoster: build.mutation<RosterBody, string>({
      query: (name) => ({ url: '/roster', method: 'POST', body: { name } }),
      invalidatesTags: ['Roster'],
    }),
    renameRoster: build.mutation<RosterBody, { id: number; name: string }>({
      query: ({ id, name }) => ({ url: `/roster/${id}`, method: 'PUT', body: { name } }),
      invalidatesTags: ['Roster', 'Athlete'],
    }),
    deleteRoster: build.mutation<void, number>({
      query: (id) => ({ url: `/roster/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Roster', 'Athlete'],
    }),
    setRosterMembers: build.mutation<unknown, { rosterId: number } & RosterMembersInput>({
      query: ({ rosterId, ...body }) => ({
        url: `/roster/${rosterId}/athlete`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['Roster', 'Athlete'],
    }),
    /** A dry run writes nothing and refreshes nothing; a commit may add athletes and rosters. */
    importAthletes: build.mutation<ImportReportBody, ImportArgs>({
      query: ({ csv, dryRun }) => ({
        url: '/athlete/import',
        method: 'POST',
        params: { dryRun },
        body: csv,
        contentType: 'text/csv',
        timeout: 120_000,
      }),
      invalidatesTags: (_report, _error, { dryRun }) =>
        dryRun ? [] : ['Athlete', 'Roster', 'User'],
    }),
    exportAthletes: build.mutation<{ fileName: string }, AthleteFilters>({
      queryFn: (filters, { signal }) =>
        downloadCsv(
          { url: '/athlete/export', params: exportParams(filters), timeout: 120_000 },
          'athletes.csv',
          signal,
        ),
    }),
    downloadImportTemplate: build.mutation<{ fileName: string }, void>({
      queryFn: (_arg, { signal }) =>
        downloadCsv({ url: '/athlete/import/template' }, 'athletes-template.csv', signal),
    }),
  }),
});

export const {
  useListAthletesQuery,
  useGetAthleteQuery,
  useCreateAthleteMutation,
  useUpdateAthleteMutation,
  useDeleteAthleteMutation,
  useCreateRosterMutation,
  useRenameRosterMutation,
  useDeleteRosterMutation,
  useSetRosterMembersMutation,
  useImportAthletesMutation,
  useExportAthletesMutation,
  useDownloadImportTemplateMutation,
} = athleteApi;

// Rosters, sports and positions are shared reference data (src/lib/api/referenceApi.ts).
export {
  useListPositionsQuery,
  useListRostersQuery,
  useListSportsQuery,
} from '../../lib/api/referenceApi';
