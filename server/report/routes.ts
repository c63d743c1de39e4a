import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DEFAULT_PAGE_SIZE } from '../../contract/athlete';
import { Id } from '../../contract/common';
import { MessageBody } from '../../contract/errors';
import {
  AthleteReportBody,
  AthleteReportPdfQuery,
  AthleteReportQuery,
  INDEX_NAMES,
  TeamReportBody,
  TeamReportListBody,
  TeamReportListQuery,
  TeamReportParams,
  TeamReportPdfQuery,
} from '../../contract/profile';
import { badRequest, notFound } from '../plugins/http-errors';
import { common, fileAnswer, security } from '../plugins/route-schema';
import { athleteReport } from './athlete-report';
import { accountFacts, pdfRenderer } from './pdf';
import { listTeamDays, teamFiltersOf } from './team-list';
import { teamReport } from './team-report';

const AthleteParams = Type.Object({ athleteId: Id });

/**
 * The render pool's bounds (pdf/pool.ts), both with `Retry-After`: 429 while two PDFs of
 * the account are being drawn; 503 when the pool's queue is full or a PDF took too long.
 */
const pdfBusy = { 429: MessageBody, 503: MessageBody };
const pdfAnswer = fileAnswer('application/pdf', 'The report as a PDF (selectable text)', {
  type: 'string',
  format: 'binary',
});

/** `attachment; filename="..."`: ASCII letters, digits and dashes only. */
function attachment(...parts: (string | number)[]): string {
  const name = parts
    .map((part) =>
      String(part)
        .normalize('NFKD')
        .replace(/[^A-Za-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, ''),
    )
    .filter(Boolean)
    .join('-')
    .toLowerCase();
  return `attachment; filename="${name || 'report'}.pdf"`;
}

/**
 * The performance-index reports (server/report/README.md): the EAPI team table and one
 * roster's day, one athlete's EAPI or EASI report, and each report as a PDF. The
 * individual tables (`/report/{eapi|easi}/individual`) belong to the profile domain.
 */
const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['report'];
  const pdfs = pdfRenderer();
  app.addHook('onClose', () => pdfs.close());

  app.get(
    '/report/eapi/team',
    {
      schema: {
        summary: 'The EAPI team table: one row per roster and testing day',
        description:
          'A row is a roster on a day when at least one of its current members has a profile; ' +
          'the average is the mean EAPI of the complete ones (one decimal, null if none). ' +
          'startDate/endDate are inclusive; rosterId -1 means every roster. Ties sort by day, ' +
          'then roster name, in the same direction; None orders by roster id, then day.',
        tags,
        security,
        querystring: TeamReportListQuery,
        response: { 200: TeamReportListBody, 404: MessageBody, ...common },
      },
    },
    async (request) => {
      const { query } = request;
      if (query.startDate && query.endDate && query.endDate < query.startDate) {
        throw badRequest({ endDate: ['is before startDate'] });
      }
      const list = await listTeamDays(app.db, request.account.id, teamFiltersOf(query), {
        pageNumber: query.pageNumber ?? 1,
        pageSize: query.pageSize ?? DEFAULT_PAGE_SIZE,
      });
      if (!list) throw notFound('Roster not found');
      return list;
    },
  );

  app.get(
    '/report/eapi/team/:rosterId/:date',
    {
      schema: {
        summary: "One roster's testing day: averages, distribution, ranking, change",
        tags,
        security,
        params: TeamReportParams,
        response: { 200: TeamReportBody, 404: MessageBody, ...common },
      },
    },
    async (request) => {
      const { rosterId, date } = request.params;
      const report = await teamReport(app.db, request.account.id, rosterId, date);
      if (!report) throw notFound('No profile of this roster on this day');
      return report;
    },
  );

  app.get(
    '/report/eapi/team/:rosterId/:date/pdf',
    {
      schema: {
        summary: "One roster's testing day as a PDF",
        tags,
        security,
        params: TeamReportParams,
        querystring: TeamReportPdfQuery,
        response: { 200: pdfAnswer, 404: MessageBody, ...pdfBusy, ...common },
      },
    },
    async (request, reply) => {
      const { rosterId, date } = request.params;
      const accountId = request.account.id;
      const paper = request.query.paper ?? 'a4';
      const { job, pdf } = await pdfs.render(
        accountId,
        async () => {
          const report = await teamReport(app.db, accountId, rosterId, date);
          if (!report) throw notFound('No profile of this roster on this day');
          return {
            kind: 'team' as const,
            account: await accountFacts(app, accountId),
            report,
            paper,
          };
        },
        () => request.admissionRelease?.(),
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', attachment('eapi-team', job.report.rosterName, date))
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  for (const index of INDEX_NAMES) {
    const label = index.toUpperCase();
    app.get(
      `/report/${index}/athlete/:athleteId`,
      {
        schema: {
          summary: `One athlete's ${label} report`,
          description:
            `The latest profile with an ${label} measurement (or ?profileId=, one of the ` +
            "athlete's profiles), each test traced to its measurement, reference row and " +
            'result, the tiers, percentiles within each roster and the position, and every ' +
            'profile of the athlete, oldest first.',
          tags,
          security,
          params: AthleteParams,
          querystring: AthleteReportQuery,
          response: { 200: AthleteReportBody, 404: MessageBody, ...common },
        },
      },
      async (request) => {
        const report = await athleteReport(
          app.db,
          request.account.id,
          index,
          request.params.athleteId,
          request.query.profileId,
        );
        if (!report) throw notFound(`No ${label} profile of this athlete`);
        return report;
      },
    );

    app.get(
      `/report/${index}/athlete/:athleteId/pdf`,
      {
        schema: {
          summary: `One athlete's ${label} report as a PDF`,
          tags,
          security,
          params: AthleteParams,
          querystring: AthleteReportPdfQuery,
          response: { 200: pdfAnswer, 404: MessageBody, ...pdfBusy, ...common },
        },
      },
      async (request, reply) => {
        const accountId = request.account.id;
        const { paper = 'a4', isMetric = false } = request.query;
        const { job, pdf } = await pdfs.render(
          accountId,
          async () => {
            const report = await athleteReport(
              app.db,
              accountId,
              index,
              request.params.athleteId,
              request.query.profileId,
            );
            if (!report) throw notFound(`No ${label} profile of this athlete`);
            const account = await accountFacts(app, accountId);
            return { kind: 'athlete' as const, account, report, paper, isMetric };
          },
          () => request.admissionRelease?.(),
        );
        const { report } = job;
        const { firstName, lastName } = report.athlete;
        return reply
          .type('application/pdf')
          .header(
            'content-disposition',
            attachment(index, firstName, lastName, report.profile.testedOn),
          )
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    );
  }
};

export default reportRoutes;
