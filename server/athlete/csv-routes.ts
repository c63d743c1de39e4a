import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ALL_ROSTERS,
  ATHLETE_CSV_COLUMNS,
  AthleteListQuery,
  ImportReportBody,
  MAX_IMPORT_ROWS,
} from '../../contract/athlete';
import { MessageBody } from '../../contract/errors';
import { startDownload } from '../download';
import { badRequest, notFound } from '../plugins/http-errors';
import { referenceData } from '../reference';
import { findRoster } from '../roster';
import { MAX_IMPORT_BYTES, parseAthleteCsv } from './csv';
import { exportCsv, templateCsv } from './export';
import { actorOf } from '../activity';
import { commitImport, ImportRejectedError, planImport, reportErrors } from './import';
import { filtersOf } from './list-query';
import { maintenanceAfterImport } from './maintenance';
import { common, fileAnswer, security } from '../plugins/route-schema';

const CSV_TYPE = 'text/csv; charset=utf-8';
const csvAnswer = (description: string) => fileAnswer('text/csv', description);

/** The export takes the table's filters and sort, not its paging. */
const ExportQuery = Type.Omit(AthleteListQuery, ['pageNumber', 'pageSize'], {
  title: 'AthleteExportQuery',
  additionalProperties: false,
});

/** For the API reference only: the handler checks the query and the body itself. */
const ImportQuery = Type.Object({
  dryRun: Type.Union([Type.Literal('true'), Type.Literal('false')], {
    description: 'true: check and report only; false: write every row or none.',
  }),
});
const ImportFile = Type.String({
  description: `The CSV: a header row naming columns of ${ATHLETE_CSV_COLUMNS.join(', ')}, then one athlete a row (at most ${MAX_IMPORT_ROWS} rows, 5 MB).`,
});

/** `attachment; filename="athletes-2026-05-01.csv"` (the server's UTC date). */
function attachment(name: string): string {
  return `attachment; filename="${name}"`;
}

/**
 * The athlete CSV (docs/data-model.md): `POST /api/athlete/import` (dry run or commit),
 * `GET /api/athlete/export` (the table's filters, streamed) and
 * `GET /api/athlete/import/template`. Only this plugin reads `text/csv` bodies.
 */
const athleteCsvRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['athlete'];
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: MAX_IMPORT_BYTES },
    (_request, body, done) => done(null, body),
  );
  const afterImport = maintenanceAfterImport(app);

  app.post(
    '/athlete/import',
    {
      schema: {
        summary: 'Import athletes from CSV: a dry run reports, a commit writes all rows or none',
        description:
          'A dry run answers 200 with the report (errors by row and column) and writes ' +
          'nothing. A commit answers 200 with the report when every row was written, or 400 ' +
          'in the errors shape (`file`, `rows.<line>.<column>`) and writes nothing. Missing ' +
          'rosters are created; every row takes an athlete spot. A member limited to some ' +
          'rosters imports into those only: each row names one of them and no other ' +
          '(`rows.<line>.rosters`).',
        tags,
        security,
        consumes: ['text/csv'],
        querystring: ImportQuery,
        body: ImportFile,
        response: { 200: ImportReportBody, 413: MessageBody, 415: MessageBody, ...common },
      },
      // The schemas above document the call; the handler checks both parts with clearer words.
      validatorCompiler: () => () => true,
    },
    async (request) => {
      // As on every route, a parameter the route does not take is refused (docs/api-input.md).
      const { dryRun, ...unknown } = request.query as Record<string, unknown>;
      const queryErrors: Record<string, string[]> = Object.fromEntries(
        Object.keys(unknown).map((name) => [name, ['is not allowed']]),
      );
      if (dryRun !== 'true' && dryRun !== 'false') {
        queryErrors.dryRun = ['must be true (check only) or false (import)'];
      }
      if (Object.keys(queryErrors).length > 0) throw badRequest(queryErrors);
      if (typeof request.body !== 'string') {
        throw badRequest({
          file: ['Send the CSV file as the request body with Content-Type: text/csv.'],
        });
      }
      const accountId = request.account.id;
      // A member limited to some rosters imports into those only (contract/permissions.ts `filtered`).
      const limit = request.member?.rosterIds ?? null;
      const parsed = await parseAthleteCsv(request.body);
      const reference = await referenceData(app.db);
      if (dryRun === 'true') {
        return (await planImport(app.db, accountId, parsed, reference, true, limit)).report;
      }
      try {
        const report = await commitImport(app.db, accountId, parsed, reference, {
          embedded: !app.config.databaseUrl,
          actor: actorOf(request.account),
          limit,
        });
        request.log.info({ created: report.created }, 'athletes imported');
        afterImport(report.created);
        return report;
      } catch (error) {
        if (error instanceof ImportRejectedError) throw badRequest(reportErrors(error.report));
        throw error;
      }
    },
  );

  app.get(
    '/athlete/import/template',
    {
      schema: {
        summary: 'The import template: the header row and one example row',
        tags,
        security,
        response: { 200: csvAnswer('The template CSV'), 401: MessageBody },
      },
    },
    async (_request, reply) =>
      reply
        .type(CSV_TYPE)
        .header('content-disposition', attachment('athletes-template.csv'))
        .send(templateCsv()),
  );

  app.get(
    '/athlete/export',
    {
      schema: {
        summary: "Export the account's athletes as CSV (the table's filters and sort)",
        description:
          'The same columns as the import, so an export imports again. Streamed in batches.',
        tags,
        security,
        querystring: ExportQuery,
        response: { 200: csvAnswer('The athletes, one a row'), 404: MessageBody, ...common },
      },
    },
    async (request, reply) => {
      const accountId = request.account.id;
      const filters = filtersOf(request.query);
      if (
        filters.rosterId !== ALL_ROSTERS &&
        !(await findRoster(app.db, accountId, filters.rosterId))
      ) {
        throw notFound('Roster not found');
      }
      const reference = await referenceData(app.db);
      const day = new Date().toISOString().slice(0, 10);
      return (
        reply
          .type(CSV_TYPE)
          .header('content-disposition', attachment(`athletes-${day}.csv`))
          .header('cache-control', 'no-store')
          // The first batch is read before the 200 goes out (server/download.ts).
          .send(
            await startDownload(
              exportCsv(app.db, accountId, filters, reference, request.member?.rosterIds),
            ),
          )
      );
    },
  );
};

export default athleteCsvRoutes;
