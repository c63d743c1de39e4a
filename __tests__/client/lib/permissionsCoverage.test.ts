import fs from 'node:fs';
import path from 'node:path';
import type { UnknownAction } from '@reduxjs/toolkit';
import { mayCall, PERMISSIONS, ROLES } from '../../../contract/permissions';
import { baseApi } from '../../../src/lib/api';
import { paths, type AppPath } from '../../../src/lib/paths';
import { makeTestStore, stubApi } from '../test-utils';

/**
 * The app gates its controls by the one permissions table (contract/permissions.ts); these
 * tests hold the app to it: every write the app can send is a route of the table (so that
 * the app can tell whom the server would refuse), the app gates each one that some member
 * may not make, and every call the app gates on is a route of the table.
 */

const src = path.join(__dirname, '../../../src');

/** The app's source files, with their text. */
function sources(dir = src): Array<{ file: string; text: string }> {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) ? [{ file: full, text: fs.readFileSync(full, 'utf8') }] : [];
  });
}

/** `PUT /api/athlete/{id}` → a pattern that `PUT /api/athlete/7` matches. */
const routes = Object.keys(PERMISSIONS).map((route) => ({
  route,
  pattern: new RegExp(`^${route.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));
const routeOf = (method: string, pathname: string) =>
  routes.find(({ pattern }) => pattern.test(`${method} ${pathname}`))?.route;

/** The calls the app gates a control or a page on (`<Permitted call>`, `useMayCall`, paths' `access`). */
function gatedCalls(): Array<{ file: string; call: string }> {
  return sources().flatMap(({ file, text }) => [
    ...[...text.matchAll(/call="([A-Z]+ [^"]+)"/g)].map(([, call]) => ({ file, call: call! })),
    ...[...text.matchAll(/call: '([A-Z]+ [^']+)'/g)].map(([, call]) => ({ file, call: call! })),
    ...[...text.matchAll(/useMayCall\(\s*'([A-Z]+)',\s*'([^']+)'/g)].map(([, method, route]) => ({
      file,
      call: `${method} ${route}`,
    })),
  ]);
}

const members = ROLES.flatMap((role) => [
  { role, limited: false },
  { role, limited: true },
]);
const split = (call: string) => call.split(' ') as [string, string];
/** Some member (a role, limited to some rosters or not) may not make the call. */
const refusedToSome = (call: string) =>
  members.some(({ role, limited }) => !mayCall(role, limited, ...split(call)));
/** Exactly the same members may make both calls. */
const sameMembers = (a: string, b: string) =>
  members.every(
    ({ role, limited }) =>
      mayCall(role, limited, ...split(a)) === mayCall(role, limited, ...split(b)),
  );

/** The pages that are gated as a whole, by the feature folder their writes are in. */
const pagesByFeature: Record<string, AppPath> = {
  integration: paths.home.integrations,
  store: paths.home.store,
  members: paths.home.members,
};
/** The gated page a mutation is made on: its feature's (by the file that defines it). */
function pageOf(mutation: string): AppPath | undefined {
  const file = sources().find(({ text }) => text.includes(`${mutation}: build.mutation`))?.file;
  const feature = file && /features\/([^/]+)\//.exec(file)?.[1];
  return feature ? pagesByFeature[feature] : undefined;
}

/** An argument every mutation can build its request from (the logo upload wants a file). */
const sampleArg = {
  id: 1,
  rosterId: 1,
  athleteId: 1,
  profileId: 1,
  index: 'eapi',
  date: '2026-03-02',
  name: 'Varsity',
  input: {},
  csv: 'firstName,lastName\nAda,Okafor\n',
  dryRun: true,
  variant: 'individual',
  filters: {},
};
const argsOf: Record<string, unknown> = {
  uploadLogo: new File(['png'], 'logo.png', { type: 'image/png' }),
};

describe('the permissions table and the app', () => {
  it('holds every write the app can send (each mutation of every feature), each gated', async () => {
    // Every module that adds endpoints, found by what it calls: a new feature's too.
    const modules = sources().filter(
      ({ file, text }) => /\.injectEndpoints\(/.test(text) && !file.endsWith('baseApi.ts'),
    );
    expect(modules.length).toBeGreaterThan(10);
    for (const { file } of modules) await import(file);

    type Endpoint = { initiate: (arg: unknown) => UnknownAction; useMutation?: unknown };
    const endpoints = baseApi.endpoints as Record<string, Endpoint>;
    const mutations = Object.entries(endpoints).filter(([, endpoint]) => endpoint.useMutation);
    expect(mutations.length).toBeGreaterThan(30);

    const api = stubApi({});
    const store = makeTestStore();
    const silent: string[] = [];
    const outside: string[] = [];
    const writes: Array<{ name: string; route: string }> = [];
    for (const [name, { initiate }] of mutations) {
      const before = api.requests.length;
      await store.dispatch(initiate(name in argsOf ? argsOf[name] : sampleArg));
      const requests = api.requests.slice(before);
      if (requests.length === 0) silent.push(name);
      for (const { method, path: pathname } of requests) {
        const route = routeOf(method, pathname);
        if (route) writes.push({ name, route });
        else outside.push(`${name}: ${method} ${pathname}`);
      }
    }
    // Each sent its request (else this test would check nothing of it) ...
    expect(silent).toEqual([]);
    // ... to a route of the table.
    expect(outside).toEqual([]);

    // And the app asks the table before offering each one that some member may not make:
    // at its control, or for the whole page it is made on (the same members may).
    const gated = new Set(gatedCalls().map(({ call }) => call));
    const ungated = writes.filter(({ name, route }) => {
      if (gated.has(route) || !refusedToSome(route)) return false;
      const page = pageOf(name);
      return !page?.access || !sameMembers(route, page.access.call);
    });
    expect(ungated).toEqual([]);
  });

  it('holds every call the app gates a control or a page on', () => {
    const gated = gatedCalls();
    expect(gated.length).toBeGreaterThan(20);
    const unknown = gated.filter(({ call }) => !(call in PERMISSIONS));
    expect(unknown).toEqual([]);
  });
});
