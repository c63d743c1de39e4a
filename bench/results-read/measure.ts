import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importJWK, SignJWT } from 'jose';
import { sql } from 'kysely';
import { DEFAULT_RESULT_SORT, RESULT_SORTS, type ResultSort } from '../../contract/event-query';
import type { App } from '../../server/app';
import { loadIdentityKeys } from '../../server/identity/keys';
import { APP_CLIENT_ID } from '../../server/identity/settings';
import { resolveFilters } from '../../server/event/list/filters';
import { cursorOf, detailsQuery, pageSource } from '../../server/event/list/queries';
import { encodeCursor, sortPlan } from '../../server/event/list/sort';
import { serve } from '../lib/server';

/**
 * The measuring half of `npm run bench -- results`: starts the server on 127.0.0.1 (port
 * 0) over the prepared database, signs a token for the big account, and times each case
 * over HTTP, one request at a time (p50/p95 of `runs` after 2 warm-ups). Cases:
 * every sort x variant (program) x filter (broad / narrow) x page (1, 50, 500 by
 * number, and a cursor half-way through the table); the same with getBestByAthlete
 * (stored flags when broad, ranked when a date range narrows it); single filters;
 * the history; one export. Figures go to stdout and bench/results/results-<engine>.json.
 */
type Params = Record<string, string | number | boolean | undefined>;

interface Case {
  group: string;
  name: string;
  path: string;
  params: Params;
  /** Page via a cursor to the row this far into the table (computed once). */
  deepAt?: number;
}

export interface Figure {
  group: string;
  name: string;
  p50: number;
  p95: number;
  max: number;
  rows: number;
  totalCount: number | string;
}

const VARIANTS: [string, Params][] = [
  ['individual', {}],
  ['gamespeed', { program: 'gamespeed' }],
  ['eapi', { program: 'eapi' }],
  ['manualentry', { program: 'manualentry' }],
];
/** Event type 1 at the distance each variant runs it (Game Speed and EAPI: 10-yd starts). */
const NARROW_DISTANCE: Record<string, number> = {
  individual: 36576,
  gamespeed: 9144,
  eapi: 9144,
  manualentry: 36576,
};

async function token(app: App, email: string): Promise<{ header: string; accountId: string }> {
  const user = await app.db
    .selectFrom('users')
    .select(['id', 'auth_subject'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const key = (await loadIdentityKeys(app.db)).signingKey;
  const now = Math.floor(Date.now() / 1000);
  const jwt = await new SignJWT({ client_id: APP_CLIENT_ID, scope: 'openid profile email' })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: key.kid })
    .setSubject(user.auth_subject)
    .setIssuer(app.identity.issuer)
    .setAudience(app.identity.audience)
    .setIssuedAt(now - 60)
    .setExpirationTime(now + 6 * 3600)
    .setJti(crypto.randomUUID())
    .sign(await importJWK(key, 'RS256'));
  return { header: `Bearer ${jwt}`, accountId: user.id };
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

function query(params: Params): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) search.set(key, String(value));
  }
  return search.toString();
}

export async function measure(
  prepared: { engine: string; databaseUrl: string | undefined; dataDir: string },
  options: { runs: number; only: string | undefined; email: string },
): Promise<Figure[]> {
  const { app, base } = await serve(prepared, { env: { LOG_LEVEL: 'silent' } });
  try {
    const auth = await token(app, options.email);
    const one = async <T>(text: ReturnType<typeof sql<T>>) => (await text.execute(app.db)).rows[0]!;
    const { until } = await one(sql<{ until: Date }>`
      select max(recorded_at) as until from results where account_id = ${auth.accountId}`);
    const day = (daysBefore: number) =>
      new Date(until.getTime() - daysBefore * 86_400_000).toISOString().slice(0, 10);
    const { athlete_id: athlete } = await one(sql<{ athlete_id: string }>`
      select athlete_id from results where account_id = ${auth.accountId} and event_type_id = 1
      group by athlete_id order by count(*) desc limit 1`);
    const roster = await one(sql<{ id: string; name: string; n: number }>`
      select r.id, r.name, count(*)::int as n from rosters r join roster_athletes ra on ra.roster_id = r.id
      where r.account_id = ${auth.accountId} group by r.id, r.name order by count(*) desc offset 3 limit 1`);
    const alias = await one(sql<{ id: string }>`
      select id from event_aliases where account_id = ${auth.accountId} order by id limit 1`);
    console.log(
      `${prepared.engine}: newest result ${until.toISOString()}, athlete ${athlete}, roster "${roster.name}" (${roster.n} athletes)`,
    );
    const narrowOf = (variant: string): Params => ({
      eventTypeId: 1,
      distance: NARROW_DISTANCE[variant],
      startDate: day(90),
      endDate: day(0),
      rosterId: roster.id,
    });

    const cases: Case[] = [];
    for (const [variant, v] of VARIANTS) {
      for (const sort of RESULT_SORTS) {
        for (const [filter, f] of [
          ['broad', {}],
          ['narrow', narrowOf(variant)],
        ] as [string, Params][]) {
          const params = { ...v, ...f, sort };
          const group = `${variant} ${filter}`;
          cases.push({ group, name: `${sort} p1`, path: '/api/event', params });
          cases.push({
            group,
            name: `${sort} p50`,
            path: '/api/event',
            params: { ...params, pageNumber: 50 },
          });
          cases.push({
            group,
            name: `${sort} p500`,
            path: '/api/event',
            params: { ...params, pageNumber: 500 },
          });
          cases.push({
            group,
            name: `${sort} deep`,
            path: '/api/event',
            params,
            deepAt: filter === 'broad' ? 200_000 : 2_000,
          });
        }
        const best = { ...v, sort, getBestByAthlete: true };
        cases.push({
          group: `${variant} best (flags)`,
          name: `${sort} p1`,
          path: '/api/event',
          params: best,
        });
        cases.push({
          group: `${variant} best (flags)`,
          name: `${sort} p500`,
          path: '/api/event',
          params: { ...best, pageNumber: 500 },
        });
        const ranked = { ...best, startDate: day(30), endDate: day(0) };
        cases.push({
          group: `${variant} best (ranked, 30 days)`,
          name: `${sort} p1`,
          path: '/api/event',
          params: ranked,
        });
        const rankedNarrow = { ...best, ...narrowOf(variant) };
        cases.push({
          group: `${variant} best (ranked, narrow)`,
          name: `${sort} p1`,
          path: '/api/event',
          params: rankedNarrow,
        });
      }
    }
    const single: [string, Params][] = [
      ['rosterId', { rosterId: roster.id }],
      ['lastNameQuery smi', { lastNameQuery: 'smi' }],
      ['firstNameQuery j', { firstNameQuery: 'j' }],
      ['typeQuery pro (type)', { typeQuery: 'pro' }],
      ['typeQuery gs (aliases)', { typeQuery: 'gs' }],
      ['laneIdQuery 1', { laneIdQuery: '1' }],
      ['eventAliasId', { eventAliasId: alias.id }],
      ['eventTypeId 5', { eventTypeId: 5 }],
      ['distance 10 yd', { distance: 9144 }],
      ['last 365 days', { startDate: day(365) }],
      ['one week', { startDate: day(7), endDate: day(0) }],
      ['one week, tz Chicago', { startDate: day(7), endDate: day(0), tz: 'America/Chicago' }],
      ['best, 1 year', { getBestByAthlete: true, startDate: day(365) }],
      [
        'best, sprint 40 yd, 1 year',
        { getBestByAthlete: true, eventTypeId: 1, distance: 36576, startDate: day(365) },
      ],
    ];
    for (const [name, params] of single) {
      for (const sort of ['DateDesc', 'LastName', 'ResultAsc'] as ResultSort[]) {
        cases.push({
          group: 'single filters',
          name: `${name}, ${sort}`,
          path: '/api/event',
          params: { ...params, sort },
        });
      }
    }
    // The bests of the last year (read from bests_since): every sort, deep pages too.
    for (const [variant, v] of VARIANTS.slice(0, 2)) {
      for (const sort of RESULT_SORTS) {
        const params = { ...v, sort, getBestByAthlete: true, startDate: day(365) };
        const group = `${variant} best (since, 1 year)`;
        cases.push({ group, name: `${sort} p1`, path: '/api/event', params });
        cases.push({
          group,
          name: `${sort} p500`,
          path: '/api/event',
          params: { ...params, pageNumber: 500 },
        });
        cases.push({ group, name: `${sort} deep`, path: '/api/event', params, deepAt: 20_000 });
      }
    }
    const history: [string, Params][] = [
      ['sprint, splits', { athleteId: athlete, eventTypeId: 1, multiSplitDistance: true }],
      ['sprint, totals, metric', { athleteId: athlete, eventTypeId: 1, isMetric: true }],
      ['every event', { athleteId: athlete, multiSplitDistance: true }],
      [
        'sprint, 1 year, roster',
        { athleteId: athlete, eventTypeId: 1, startDate: day(365), multiSplitDistance: true },
      ],
    ];
    for (const [name, params] of history) {
      cases.push({ group: 'historical', name, path: '/api/event/historical', params });
    }

    const only = options.only ? new RegExp(options.only) : undefined;
    const selected = cases.filter((c) => !only || only.test(`${c.group} ${c.name}`));
    const figures: Figure[] = [];
    let group = '';
    for (const c of selected) {
      let params = c.params;
      if (c.deepAt !== undefined) {
        const cursor = await deepCursor(app, auth.accountId, c.params, c.deepAt);
        if (!cursor) continue;
        params = { ...params, cursor, pageNumber: Math.floor(c.deepAt / 20) + 1 };
      }
      const url = `${base}${c.path}?${query(params)}`;
      const times: number[] = [];
      let rows = 0;
      let totalCount: number | string = '';
      for (let i = 0; i < options.runs + 2; i++) {
        const started = performance.now();
        const response = await fetch(url, { headers: { authorization: auth.header } });
        const body = (await response.json()) as {
          items?: unknown[];
          results?: unknown[];
          totalCount?: number;
          totalCountCapped?: boolean;
        };
        const elapsed = performance.now() - started;
        if (response.status !== 200)
          throw new Error(`${c.group} ${c.name}: ${response.status} ${JSON.stringify(body)}`);
        if (i >= 2) times.push(elapsed);
        rows = (body.items ?? body.results ?? []).length;
        if (body.totalCount !== undefined)
          totalCount = `${body.totalCount}${body.totalCountCapped ? '+' : ''}`;
      }
      times.sort((a, b) => a - b);
      const figure = {
        group: c.group,
        name: c.name,
        p50: quantile(times, 0.5),
        p95: quantile(times, 0.95),
        max: times[times.length - 1]!,
        rows,
        totalCount,
      };
      figures.push(figure);
      if (c.group !== group) console.log(`\n${prepared.engine}: ${(group = c.group)}`);
      console.log(
        `  ${c.name.padEnd(44)} p50 ${figure.p50.toFixed(1).padStart(6)}  p95 ${figure.p95.toFixed(1).padStart(6)}  max ${figure.max.toFixed(1).padStart(6)} ms  rows ${String(rows).padStart(3)}  total ${totalCount}`,
      );
    }

    if (!only || only.test('export')) {
      const params = {
        eventTypeId: 1,
        startDate: day(90),
        endDate: day(0),
        sort: DEFAULT_RESULT_SORT,
      };
      const started = performance.now();
      const response = await fetch(`${base}/api/event/export?${query(params)}`, {
        headers: { authorization: auth.header },
      });
      const text = await response.text();
      const seconds = (performance.now() - started) / 1000;
      const lines = text.split('\r\n').length - 2;
      console.log(
        `\n${prepared.engine}: export of sprints, last 90 days: ${lines} rows, ${(text.length / 1e6).toFixed(1)} MB in ${seconds.toFixed(2)} s (${Math.round(lines / seconds)} rows/s)`,
      );
      figures.push({
        group: 'export',
        name: 'sprints, 90 days (s)',
        p50: seconds,
        p95: seconds,
        max: seconds,
        rows: lines,
        totalCount: lines,
      });
    }

    const outDir = path.join(__dirname, '..', 'results');
    fs.mkdirSync(outDir, { recursive: true });
    const file = path.join(outDir, `results-${prepared.engine}.json`);
    fs.writeFileSync(
      file,
      JSON.stringify(
        { engine: prepared.engine, runs: options.runs, load: os.loadavg(), figures },
        null,
        1,
      ),
    );
    const over = figures.filter(
      (f) => f.group !== 'export' && f.p95 > (prepared.engine === 'pglite' ? 90 : 30),
    );
    console.log(
      `\n${prepared.engine}: ${figures.length} cases, ${over.length} over the p95 target; figures in ${file}`,
    );
    for (const f of over) console.log(`  over: ${f.group} ${f.name} p95 ${f.p95.toFixed(1)} ms`);
    return figures;
  } finally {
    await app.close();
  }
}

/** A cursor to the row `at` rows into the table (or half-way when it is shorter). */
async function deepCursor(
  app: App,
  accountId: string,
  params: Params,
  at: number,
): Promise<string | undefined> {
  const plan = sortPlan((params.sort as ResultSort | undefined) ?? DEFAULT_RESULT_SORT);
  // As the route's schema would: ids that came from the database as text become numbers.
  const query = Object.fromEntries(
    Object.entries(params).map(([k, v]) => [
      k,
      typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v,
    ]),
  );
  const filters = await resolveFilters(app.db, accountId, query);
  for (let offset = at; offset >= 100; offset = Math.floor(offset / 4)) {
    const page = await pageSource(app.db, filters, plan, undefined, 1, offset, false);
    const { rows } = await detailsQuery(plan, page).execute(app.db);
    if (rows[0]) return encodeCursor(plan, cursorOf(plan, rows[0], filters.types));
  }
  return undefined;
}
