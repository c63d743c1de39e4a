import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ALL_ROSTERS } from '../../contract/list-constants';
import { PERMISSIONS, permissionOf, type RosterRule } from '../../contract/permissions';
import { distinctIds, listIds } from '../db/ids';
import { badRequest, HttpError, notFound } from '../plugins/http-errors';
import { athleteOf, athletesOnRosters, rostersOfAthlete } from './repository';

/**
 * The central check of the roster limit (decisions 035 and 041), after validation: the
 * roles are checked in the auth hook already (plugins/auth.ts, from the same table); here
 * a member limited to some rosters is held to them on the routes whose `roster` rule says
 * how (contract/permissions.ts). Routes whose rule is `refused` never get here for them;
 * `filtered` routes narrow their own queries.
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
const NOT_YOUR_ROSTER = 'You see only some rosters of this workspace, and not this one.';

function routePath(request: FastifyRequest): string {
  return (request.routeOptions.url ?? '').replace(/:(\w+)/g, '{$1}');
}

/** What a limited member's request names, as the rules read it. */
interface Named {
  params: { id?: number; athleteId?: number; rosterId?: number };
  query: { rosterId?: number; athleteId?: number };
  body: {
    athleteId?: number;
    items?: { athleteId: number }[];
    rosterIds?: number[];
    add?: number[];
    remove?: number[];
  } | null;
}

/** The check of one rule for a member limited to `rosterIds`; throws its 400, 403 or 404. */
type Check = (request: FastifyRequest, named: Named, rosterIds: string[]) => Promise<void>;

/** 404 unless the athlete is on the member's rosters (an unknown athlete is not on them). */
async function athleteOnRosters(request: FastifyRequest, athleteId: unknown, rosterIds: string[]) {
  const id = String(athleteId);
  const theirs = await athletesOnRosters(request.server.db, request.account.id, [id], rosterIds);
  if (!theirs.has(id)) throw notFound();
}

/** 403 naming the athletes of `athleteIds` on none of the member's rosters. */
async function athletesOnly(
  request: FastifyRequest,
  athleteIds: readonly number[],
  rosterIds: string[],
  what: string,
) {
  const ids = distinctIds(athleteIds);
  const theirs = await athletesOnRosters(request.server.db, request.account.id, ids, rosterIds);
  const outside = ids.filter((id) => !theirs.has(String(id)));
  if (outside.length > 0) {
    throw forbidden(
      `You may ${what} only for athletes on your rosters: ` +
        `athlete${outside.length === 1 ? '' : 's'} ${listIds(outside)} ` +
        `${outside.length === 1 ? 'is' : 'are'} on none of them.`,
    );
  }
}

function rosterIsTheirs(rosterId: number | undefined, rosterIds: string[]) {
  if (rosterId !== undefined && !rosterIds.includes(String(rosterId))) {
    throw forbidden(NOT_YOUR_ROSTER);
  }
}

/** The path's result or profile: its athlete on the member's rosters (404), and the body's too (403). */
const ofAthlete =
  (table: 'results' | 'profiles'): Check =>
  async (request, { params, body }, rosterIds) => {
    const athleteId = await athleteOf(request.server.db, request.account.id, table, params.id!);
    await athleteOnRosters(request, athleteId, rosterIds);
    if (body?.athleteId !== undefined) {
      await athletesOnly(request, [body.athleteId], rosterIds, 'write');
    }
  };

const CHECKS: Partial<Record<RosterRule, Check>> = {
  async query(request, { query }, rosterIds) {
    const q = request.query as { rosterId?: number };
    if (query.rosterId === undefined || query.rosterId === ALL_ROSTERS) {
      // None named: their first roster, the one the app's roster filter shows them
      // (src/lib/rosterFilter.ts; decision 044).
      if (rosterIds.length === 0) {
        throw forbidden('You see only some rosters of this workspace, and none is left.');
      }
      q.rosterId = Number(rosterIds[0]);
    } else {
      rosterIsTheirs(query.rosterId, rosterIds);
    }
  },
  async athleteQuery(request, { query }, rosterIds) {
    rosterIsTheirs(query.rosterId, rosterIds);
    // Without an athlete, the route answers its own 400.
    if (query.athleteId !== undefined) await athleteOnRosters(request, query.athleteId, rosterIds);
  },
  async rosterParam(_request, { params }, rosterIds) {
    rosterIsTheirs(params.rosterId ?? params.id, rosterIds);
  },
  async rosterMembers(request, { params, body }, rosterIds) {
    rosterIsTheirs(params.id, rosterIds);
    const athletes = [...(body?.add ?? []), ...(body?.remove ?? [])];
    await athletesOnly(request, athletes, rosterIds, 'change rosters');
  },
  async athleteParam(request, { params }, rosterIds) {
    await athleteOnRosters(request, params.athleteId ?? params.id, rosterIds);
  },
  async athleteForm(request, { params, body }, rosterIds) {
    if (params.id !== undefined) await athleteOnRosters(request, params.id, rosterIds);
    const wanted = distinctIds(body?.rosterIds).map(String);
    const others = wanted.filter((id) => !rosterIds.includes(id));
    if (others.length > 0) {
      const current =
        params.id === undefined
          ? []
          : await rostersOfAthlete(request.server.db, request.account.id, params.id);
      const added = others.filter((id) => !current.includes(id));
      if (added.length > 0) {
        throw forbidden(
          `You may put athletes only on your rosters: roster ${added.join(', ')} is not one of them.`,
        );
      }
    }
    if (!wanted.some((id) => rosterIds.includes(id))) {
      throw badRequest({
        rosterIds: ['must name at least one of your rosters (you see only their athletes)'],
      });
    }
  },
  eventParam: ofAthlete('results'),
  profileParam: ofAthlete('profiles'),
  async athleteBody(request, { body }, rosterIds) {
    const items =
      body?.items ?? (body?.athleteId === undefined ? [] : [body as { athleteId: number }]);
    const what = routePath(request) === '/api/event' ? 'enter results' : 'write profiles';
    await athletesOnly(
      request,
      items.map((item) => item.athleteId),
      rosterIds,
      what,
    );
  },
};

/** The preHandler of the guarded scope (api.ts). */
export const rosterLimit: preHandlerAsyncHookHandler = async function (request) {
  const rosterIds = request.member?.rosterIds;
  if (!rosterIds) return;
  const rule = permissionOf(request.method, routePath(request))?.roster;
  if (rule === 'refused') {
    throw forbidden('This is not available to members limited to some rosters.');
  }
  const check = rule && CHECKS[rule];
  if (!check) return;
  await check(
    request,
    {
      params: request.params as Named['params'],
      query: request.query as Named['query'],
      body: (typeof request.body === 'object' ? request.body : null) as Named['body'],
    },
    rosterIds,
  );
};
