import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ServerResponse } from 'node:http';
import { decodeJwt } from 'jose';
import { fileAnswer } from '../plugins/route-schema';
import { MessageBody } from '../../contract/errors';
import { STREAM_EVENTS } from '../../contract/event-stream';
import { athletesOnRosters, membershipOf } from '../workspace';
import { toResultsEvent, type FeedEvent } from './feed';

/** A client that reads nothing for this long (bytes queued) is dropped. */
const MAX_QUEUED_BYTES = 1 << 20;
/** setTimeout's limit; tokens live minutes, but a long-lived one must not overflow it. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * `GET /api/event/stream` (PRODUCT.md): Server-Sent Events of the account's new results
 * (contract/event-stream.ts). Guarded like every API call, by the Authorization header
 * (the app reads it with fetch: docs/decisions/007-live-results-stream.md). The stream
 * lasts until the access token expires: then an `expired` event, and the end, so the
 * client opens it again with a fresh token. Heartbeat comments keep proxies from
 * closing it; a client that stops reading is dropped; the server's shutdown ends every
 * stream first. A member limited to some rosters hears of their athletes' results only
 * (decision 041).
 */
const streamRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.get(
    '/event/stream',
    {
      schema: {
        summary: 'Server-Sent Events of new results in the account',
        description:
          'Events: `results` (data: ResultsEvent), `resync` (refetch: results may have ' +
          'been missed), `expired` (the token expires; the stream ends: open it again ' +
          'with a fresh token). Comment lines every 15 s.',
        tags: ['event'],
        security: [{ bearerAuth: [] }],
        response: {
          200: fileAnswer('text/event-stream', 'The events, as they happen'),
          401: MessageBody,
        },
      },
    },
    async (request, reply) => {
      const accountId = request.account.id;
      const token = /^Bearer +(\S+)/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
      // Verified by the guard already: only its expiry is read here.
      const exp = decodeJwt(token).exp;
      const raw: ServerResponse = reply.raw;
      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': String(request.id),
      });

      let ended = false;
      const write = (chunk: string) => {
        if (ended || raw.destroyed) return;
        raw.write(chunk);
        if (raw.writableLength > MAX_QUEUED_BYTES) {
          request.log.warn('event stream: the client stopped reading; closing');
          end();
        }
      };
      const send = (event: string, data: unknown) =>
        write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

      // The roster limit of the member (decision 041): read at the open, then again with
      // each membership check. A limited member's `results` are those of athletes on their
      // rosters, as the database says when the event comes (the events stay in order).
      const member = request.member;
      let rosterIds = member?.rosterIds ?? null;
      let narrowing = Promise.resolve();
      const sendNarrowed = async (event: FeedEvent, limit: string[]) => {
        if (event.type !== 'results') return send(STREAM_EVENTS.resync, {});
        try {
          const athletes = event.results.map((result) => result.athleteId);
          const theirs = await athletesOnRosters(app.db, accountId, athletes, limit);
          const data = toResultsEvent(
            event.results.filter((result) => theirs.has(String(result.athleteId))),
          );
          if (data) send(STREAM_EVENTS.results, data);
        } catch (error) {
          // Refetching shows what is theirs; nothing of other rosters is said.
          request.log.warn({ err: error }, 'event stream: narrowing to rosters failed');
          send(STREAM_EVENTS.resync, {});
        }
      };
      const unsubscribe = app.live.subscribe(accountId, (event) => {
        const limit = rosterIds;
        if (limit) narrowing = narrowing.then(() => sendNarrowed(event, limit));
        else if (event.type === 'results') send(STREAM_EVENTS.results, event.data);
        else send(STREAM_EVENTS.resync, {});
      });
      const heartbeat = setInterval(() => write(': ping\n\n'), app.liveSettings.heartbeatMs);
      // A member removed meanwhile: the stream ends as when the token expires (`expired`),
      // and the client's next open is refused (decision 035). A changed roster limit holds
      // from the next event on.
      const memberCheck =
        member &&
        setInterval(() => {
          membershipOf(app.db, member.userId, member.workspaceId).then(
            (now) => {
              if (!now) {
                request.log.info({ accountId }, 'event stream: the membership ended; closing');
                send(STREAM_EVENTS.expired, {});
                end();
              } else {
                rosterIds = now.rosterIds;
              }
            },
            (error: unknown) =>
              request.log.warn({ err: error }, 'event stream: member check failed'),
          );
        }, app.liveSettings.memberCheckMs);
      const expiresInMs = exp === undefined ? MAX_TIMER_MS : exp * 1000 - Date.now();
      const expiry = setTimeout(
        () => {
          send(STREAM_EVENTS.expired, {});
          end();
        },
        Math.min(MAX_TIMER_MS, Math.max(0, expiresInMs)),
      );

      function end(): void {
        if (ended) return;
        ended = true;
        unsubscribe();
        clearInterval(heartbeat);
        if (memberCheck) clearInterval(memberCheck);
        clearTimeout(expiry);
        open.delete(end);
        if (!raw.writableEnded) raw.end();
      }
      open.add(end);
      // The response closes when the client goes away (or when it ended).
      raw.on('close', end);
      // The retry field is for EventSource-like readers; the first frame flushes the headers.
      write('retry: 3000\n: connected\n\n');
      request.log.debug({ accountId }, 'event stream opened');
    },
  );
};

export default streamRoutes;
