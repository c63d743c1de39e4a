import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MessageBody } from '../../../contract/errors';
import {
  HistoricalBody,
  HistoricalQuery,
  ResultListBody,
  ResultListQuery,
} from '../../../contract/event-query';
import { exportResults } from '../export';
import { athleteHistory } from '../historical';
import { listResults } from '.';
import { common as commonErrors, fileAnswer, security } from '../../plugins/route-schema';

/** The export takes a table's filters and sort, not its paging. */
const ResultExportQuery = Type.Omit(ResultListQuery, ['pageNumber', 'pageSize', 'cursor'], {
  title: 'ResultExportQuery',
  additionalProperties: false,
});

/** A CSV answer, for the API reference (the handler sends a stream). */
const csvAnswer = (description: string) => fileAnswer('text/csv', description);

/** What every route here may answer besides its success. */
const common = { ...commonErrors, 404: MessageBody };

/**
 * The read side of results (docs/api-results.md): the results tables, their CSV export
 * and one athlete's history. Writes (`POST/PUT/DELETE /event`) live in routes.ts.
 */
const resultReadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['event'];

  app.get(
    '/event',
    {
      schema: {
        summary: 'A page of a results table (program selects the variant)',
        description:
          "Filters as the app's results tables hold them; counts stop at 10,000 " +
          '(totalCountCapped); page deeper than 10,000 rows with nextCursor.',
        tags,
        security,
        querystring: ResultListQuery,
        response: { 200: ResultListBody, ...common },
      },
    },
    async (request) =>
      listResults(app.db, request.account.id, request.query, {
        countCap: app.config.resultCountCap,
      }),
  );

  app.get(
    '/event/export',
    {
      schema: {
        summary: 'The results of a table as CSV (same filters and sort, every page)',
        tags,
        security,
        querystring: ResultExportQuery,
        response: { 200: csvAnswer('One row per result, splits in columns'), ...common },
      },
    },
    async (request, reply) => {
      const { filename, stream } = await exportResults(app.db, request.account.id, request.query, {
        log: request.log,
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.get(
    '/event/historical',
    {
      schema: {
        summary: "One athlete's results over time, with a day's best per split distance",
        tags,
        security,
        querystring: HistoricalQuery,
        response: { 200: HistoricalBody, ...common },
      },
    },
    async (request) => athleteHistory(app.db, request.account.id, request.query),
  );
};

export default resultReadRoutes;
