import type {
  AthleteReportBody,
  AthleteReportPdfQuery,
  ProfileListBody,
  ReferenceVersionBody,
  TeamReportBody,
  TeamReportListBody,
} from '../../../../contract/profile';
import type { IndexName } from '../../../../contract/index-constants';
import { baseApi, downloadFile } from '../../../lib/api';
import type { ProfileFilters, TeamReportFilters } from '../shared/indexFilters';
import { toQueryParams } from '../../../lib/tableFilters';

export type AthleteReport = AthleteReportBody;
export type TeamReport = TeamReportBody;
export type TeamReportRow = TeamReportListBody['items'][number];

/** What every report reads: profiles (and so results and athletes) and rosters. */
const REPORT_TAGS = ['Profile', 'Event', 'Athlete', 'Roster'] as const;

export interface AthleteReportArgs {
  index: IndexName;
  athleteId: number;
  /** A profile of the athlete; the latest when left out. */
  profileId?: number | null;
}

/** The PDF of the report as the coach reads it: jumps in the unit of the page's switch. */
export type AthleteReportPdfArgs = AthleteReportArgs & Pick<AthleteReportPdfQuery, 'isMetric'>;

export interface TeamReportArgs {
  rosterId: number;
  /** The testing day, `YYYY-MM-DD`. */
  date: string;
}

const PDF = 'application/pdf';

/**
 * The reports (contract/profile.ts): the EAPI and EASI individual tables (profiles with
 * that index measured), the EAPI team table, one athlete's report, one roster's testing
 * day, their PDFs, and the reference tables. Everything here is read-only and is
 * refetched when profiles, results, athletes or rosters change.
 *
 * @example
 * const { data } = useGetAthleteReportQuery({ index: 'eapi', athleteId: 7 });
 * await downloadAthleteReportPdf({ index: 'eapi', athleteId: 7, isMetric: true }).unwrap();
 */
export const reportApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listIndividualReports: build.query<
      ProfileListBody,
      { index: IndexName; filters: ProfileFilters }
    >({
      query: ({ index, filters }) => ({
        url: `/report/${index}/individual`,
        params: toQueryParams(filters),
      }),
      providesTags: [...REPORT_TAGS],
    }),
    listTeamReports: build.query<TeamReportListBody, TeamReportFilters>({
      query: (filters) => ({ url: '/report/eapi/team', params: toQueryParams(filters) }),
      providesTags: [...REPORT_TAGS],
    }),
    getTeamReport: build.query<TeamReportBody, TeamReportArgs>({
      query: ({ rosterId, date }) => `/report/eapi/team/${rosterId}/${date}`,
      providesTags: [...REPORT_TAGS],
    }),
    getAthleteReport: build.query<AthleteReportBody, AthleteReportArgs>({
      query: ({ index, athleteId, profileId }) => ({
        url: `/report/${index}/athlete/${athleteId}`,
        params: { profileId },
      }),
      providesTags: [...REPORT_TAGS],
    }),
    /** The current reference tables, or an earlier `version`. */
    getIndexReference: build.query<ReferenceVersionBody, number | void>({
      query: (version) => ({ url: '/index-reference', params: { version: version ?? null } }),
      providesTags: ['Profile'],
    }),
    downloadAthleteReportPdf: build.mutation<{ fileName: string }, AthleteReportPdfArgs>({
      queryFn: ({ index, athleteId, profileId, isMetric }, { signal }) =>
        downloadFile(
          {
            url: `/report/${index}/athlete/${athleteId}/pdf`,
            params: { profileId, isMetric },
            timeout: 60_000,
          },
          `${index}-report-${athleteId}.pdf`,
          PDF,
          signal,
        ),
    }),
    downloadTeamReportPdf: build.mutation<{ fileName: string }, TeamReportArgs>({
      queryFn: ({ rosterId, date }, { signal }) =>
        downloadFile(
          { url: `/report/eapi/team/${rosterId}/${date}/pdf`, timeout: 60_000 },
          `eapi-team-${rosterId}-${date}.pdf`,
          PDF,
          signal,
        ),
    }),
  }),
});

export const {
  useListIndividualReportsQuery,
  useListTeamReportsQuery,
  useGetTeamReportQuery,
  useGetAthleteReportQuery,
  useGetIndexReferenceQuery,
  useDownloadAthleteReportPdfMutation,
  useDownloadTeamReportPdfMutation,
} = reportApi;
