import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { MAX_ID } from '../../../contract/common';
import { mayCall, permissionOf, PERMISSIONS, type Role } from '../../../contract/permissions';
import { WORKSPACE_HEADER } from '../../../contract/workspace';
import type { App } from '../../../server/app';
import { newCoach } from '../athlete/helpers';
import { buildTestApp } from '../helpers/build-test-app';
import { join } from './helpers';

interface Operation {
  security?: unknown[];
  parameters?: { in: string; name: string }[];
}

/**
 * The permissions table (contract/permissions.ts) against the server: EVERY route of the
 * OpenAPI document is called as the owner, a coach, a viewer, a coach limited to one
 * roster, a removed member, a member of another workspace and API keys of both levels;
 * each answer is refused (403) exactly when the table says so. Calls carry ids that do not
 * exist (a 404 is "let through"), except the limited coach's own roster and athlete where
 * the route's roster rule reads them (a 403 there would be the rule's, not the table's).
 */
describe('the permissions table, route by route', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp({ live: { memberCheckMs: 50 } });
    await app.ready();
  }, 120_000);
  afterAll(() => app.close());

  it('answers every route of the OpenAPI document as the table says, for each kind of caller', async () => {
    const owner = await newCoach(app, { spots: 20 });
    const mine = await owner.createRoster('Mine');
    await owner.createRoster('Other');
    const athlete = await owner.createAthlete({
      firstName: 'On',
      lastName: 'Mine',
      rosterIds: [mine.id],
    });
    const coach = await join(app, owner, 'coach');
    const viewer = await join(app, owner, 'viewer');
    const limited = await join(app, owner, 'coach', [mine.id]);
    const removed = await join(app, owner, 'coach');
    expect((await owner.del(`/api/member/${removed.userId}`)).statusCode).toBe(204);
    const elsewhere = await newCoach(app);
    const outsider = await join(app, elsewhere, 'coach');
    const keyOf = async (access: 'read' | 'write') =>
      (await owner.post('/api/integration/api-key', { name: access, access })).json<{
        key: string;
      }>().key;
    const keys = { read: await keyOf('read'), write: await keyOf('write') };

    const document = (await app.inject('/api/docs/json')).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => (operation.security ?? []).length > 0)
        .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
    // Every guarded route is in the table, and the table names no route that is gone.
    const documented = routes.map((r) => `${r.method} ${r.path}`);
    expect(documented.filter((route) => !PERMISSIONS[route])).toEqual([]);
    expect(Object.keys(PERMISSIONS).filter((route) => !documented.includes(route))).toEqual([]);
    // Leaving comes last: it takes the caller out of the workspace.
    routes.sort(
      (a, b) =>
        Number(a.path === '/api/workspace/leave') - Number(b.path === '/api/workspace/leave'),
    );

    // The limited coach's own roster and athlete where the rule reads them; never for a
    // DELETE, which would take them away from the calls that follow.
    const url = (method: string, path: string) => {
      const rule = method === 'DELETE' ? undefined : permissionOf(method, path)?.roster;
      return path.replace(/\{(\w+)\}/g, (_, name: string) => {
        if (name === 'rosterId') return String(mine.id);
        if (name === 'id' && (rule === 'rosterParam' || rule === 'rosterMembers')) {
          return String(mine.id);
        }
        if (
          name === 'athleteId' ||
          (name === 'id' && (rule === 'athleteParam' || rule === 'athleteForm'))
        ) {
          return String(athlete.id);
        }
        if (name === 'userId') return randomUUID();
        if (name === 'date') return '2026-01-05';
        return String(MAX_ID);
      });
    };

    type Caller = {
      name: string;
      headers: Record<string, string>;
      expected: (method: string, path: string) => boolean;
    };
    const member = (role: Role, limited: boolean) => (method: string, path: string) =>
      mayCall(role, limited, method, path);
    const outsiderRule = (method: string, path: string) =>
      permissionOf(method, path)?.identity === true;
    const keyRule = (access: 'read' | 'write') => (method: string, path: string) => {
      const key = permissionOf(method, path)?.key;
      return key === 'read' || (key === 'write' && access === 'write');
    };
    const inOwners = { [WORKSPACE_HEADER]: owner.accountId };
    const callers: Caller[] = [
      { name: 'limited coach', headers: limited.headers, expected: member('coach', true) },
      { name: 'viewer', headers: viewer.headers, expected: member('viewer', false) },
      { name: 'removed member', headers: removed.headers, expected: outsiderRule },
      {
        name: 'member of another workspace',
        headers: { ...outsider.user.headers, ...inOwners },
        expected: outsiderRule,
      },
      {
        name: 'read key',
        headers: { authorization: `Bearer ${keys.read}` },
        expected: keyRule('read'),
      },
      {
        name: 'write key',
        headers: { authorization: `Bearer ${keys.write}` },
        expected: keyRule('write'),
      },
      { name: 'coach', headers: coach.headers, expected: member('coach', false) },
      {
        name: 'owner',
        headers: { ...owner.headers, ...inOwners },
        expected: member('owner', false),
      },
    ];

    const mismatches: string[] = [];
    let calls = 0;
    for (const caller of callers) {
      for (const { method, path } of routes) {
        const request: InjectOptions = {
          method: method as InjectOptions['method'],
          url: url(method, path),
          headers: caller.headers,
          ...(['POST', 'PUT'].includes(method) ? { payload: {} } : {}),
        };
        let status: number;
        if (path === '/api/event/stream') {
          const response = await app.inject({ ...request, payloadAsStream: true });
          status = response.statusCode;
          response.stream().destroy();
        } else {
          status = (await app.inject(request)).statusCode;
        }
        calls += 1;
        const allowed = caller.expected(method, path);
        const refused = status === 403;
        if (refused === allowed || status === 401 || status >= 500) {
          mismatches.push(
            `${caller.name} ${method} ${path}: ${status}, table says ${allowed ? 'allowed' : 'refused'}`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(calls).toBe(routes.length * callers.length);
  }, 600_000);
});
