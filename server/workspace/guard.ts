import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { sql } from 'kysely';
import { ALL_ROSTERS } from '../../contract/list-constants';
import { PERMISSIONS, permissionOf } from '../../contract/permissions';
import { HttpError, notFound } from '../plugins/http-errors';

/**
 * The central check of the roster limit (decision 035), after validation: the roles are
 * checked in the auth hook already (plugins/auth.ts, from the same table); here a member
 * limited to some rosters is held to them on the routes whose `roster` rule says how
 * (contract/permissions.ts). Routes whose rule is `refused` never get here for them.
 */

/** Every `METHOD /path` an API key may call (HEAD with GET), for the auth hook's message. */
export const API_KEY_ROUTES: ReadonlySet<string> = new Set(
  Object.entries(PERMISSIONS)
    .filter(([, permission]) => permission.key)
    .flatMap(([route]) => {
      const [method, path] = route.split(' ') as [string, string];
      const fastifyPath = path.replace(/\{(\w+)\}/g, ':$1');
      return method === 'GET'
        ? [`GET ${fastifyPath}`, `HEAD ${fastifyPath}`]
        : [`${method} ${fastifyPath}`];
    }),
);

const forbidden = (message: string) => new HttpError(403, { message });

function routePath(request: FastifyRequest): string {
  return (request.routeOptions.url ?? '').replace(/:(\w+)/g, '{$1}');
}

/** The athletes (ids as text) among `athleteIds` that are on none of `rosterIds`. */
async function outsideRosters(
  request: FastifyRequest,
  athleteIds: readonly string[],
  rosterIds: readonly string[],
): Promise<Set<string>> {
  const unique = [...new Set(athleteIds)];
  if (unique.length === 0) return new Set();
  const { rows } = await sql<{ athlete_id: string }>`
    select distinct ra.athlete_id::text as athlete_id
    from roster_athletes ra
    join rosters r on r.id = ra.roster_id
    where r.account_id = ${request.account.id}
      and ra.roster_id = any(${rosterIds.map(Number)}::bigint[])
      and ra.athlete_id = any(${unique.map(Number)}::bigint[])`.execute(request.server.db);
  const inside = new Set(rows.map((row) => row.athlete_id));
  return new Set(unique.filter((id) => !inside.has(id)));
}

/** The preHandler of the guarded scope (api.ts). */
export const rosterLimit: preHandlerAsyncHookHandler = async function (request) {
  const rosterIds = request.member?.rosterIds;
  if (!rosterIds) return;
  const permission = permissionOf(request.method, routePath(request));
  switch (permission?.roster) {
    case undefined:
    case 'none':
    case 'filtered':
      return;
    case 'refused':
      throw forbidden('This is not available to members limited to some rosters.');
    case 'query': {
      const query = request.query as { rosterId?: number };
      if (query.rosterId === undefined || query.rosterId === ALL_ROSTERS) {
        if (rosterIds.length !== 1) {
          throw forbidden('You see only some rosters of this workspace: choose one of them.');
        }
        query.rosterId = Number(rosterIds[0]);
      } else if (!rosterIds.includes(String(query.rosterId))) {
        throw forbidden('You see only some rosters of this workspace, and not this one.');
      }
      return;
    }
    case 'rosterParam': {
      const { rosterId } = request.params as { rosterId: number };
      if (!rosterIds.includes(String(rosterId))) {
        throw forbidden('You see only some rosters of this workspace, and not this one.');
      }
      return;
    }
    case 'athleteParam': {
      const params = request.params as { id?: number; athleteId?: number };
      const athleteId = String(params.athleteId ?? params.id);
      if ((await outsideRosters(request, [athleteId], rosterIds)).size > 0) throw notFound();
      return;
    }
    case 'eventBody': {
      const body = request.body as { items?: { athleteId: number }[]; athleteId?: number };
      const items = body.items ?? [body as { athleteId: number }];
      const outside = await outsideRosters(
        request,
        items.map((item) => String(item.athleteId)),
        rosterIds,
      );
      if (outside.size > 0) {
        throw forbidden(
          'You may enter results only for athletes on your rosters: ' +
            `athlete ${[...outside].join(', ')} is on none of them.`,
        );
      }
      return;
    }
  }
};
