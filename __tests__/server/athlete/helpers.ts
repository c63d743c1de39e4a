import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AthleteBody, AthleteInput, RosterBody } from '../../../contract/athlete';
import type { App } from '../../../server/app';
import { balance, grantSpots } from '../../../server/store';
import { mintAccessToken } from '../identity/mint-token';

/**
 * A coach of the API: an access token of a new identity (minted with the provider's own
 * key, so the real token check runs), its account made by the first call, and small
 * request helpers. `spots` sets the account's athlete spots.
 * @example const coach = await newCoach(app, { spots: 100 });
 *          const athlete = await coach.createAthlete({ firstName: 'Sam', lastName: 'Reyes' });
 */
export async function newCoach(app: App, options: { spots?: number } = {}) {
  const token = await mintAccessToken(app, {
    sub: randomUUID(),
    claims: { email: `${randomUUID()}@example.org` },
  });
  const headers = { authorization: `Bearer ${token}` };
  const request = (opts: InjectOptions): Promise<LightMyRequestResponse> =>
    app.inject({ ...opts, headers: { ...headers, ...opts.headers } });
  const me = await request({ url: '/api/user' });
  if (me.statusCode !== 200) throw new Error(`no account: ${me.body}`);
  const accountId = me.json<{ id: string }>().id;
  if (options.spots !== undefined) await setSpots(app, accountId, options.spots);

  const ok = <T>(response: LightMyRequestResponse, status: number): T => {
    if (response.statusCode !== status) {
      throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
    }
    return response.json<T>();
  };
  return {
    headers,
    accountId,
    request,
    get: (url: string) => request({ url }),
    post: (url: string, payload?: unknown) =>
      request({ method: 'POST', url, payload: payload as InjectOptions['payload'] }),
    put: (url: string, payload?: unknown) =>
      request({ method: 'PUT', url, payload: payload as InjectOptions['payload'] }),
    del: (url: string) => request({ method: 'DELETE', url }),
    async createAthlete(input: AthleteInput): Promise<AthleteBody> {
      return ok(await request({ method: 'POST', url: '/api/athlete', payload: input }), 201);
    },
    async createRoster(name: string): Promise<RosterBody> {
      return ok(await request({ method: 'POST', url: '/api/roster', payload: { name } }), 201);
    },
    async spots(): Promise<number> {
      return (await request({ url: '/api/user' })).json<{ athleteSpots: number }>().athleteSpots;
    },
  };
}
export type Coach = Awaited<ReturnType<typeof newCoach>>;

/** Makes the account's spots left exactly `spots`: an operator's grant (or take-back) in the ledger. */
export async function setSpots(app: App, accountId: string, spots: number): Promise<void> {
  const { spotsLeft } = await balance(app.db, accountId);
  if (spotsLeft === spots) return;
  const done = await grantSpots(app.db, accountId, spots - spotsLeft, `test:${randomUUID()}`);
  if (!done) throw new Error(`could not set the spots to ${spots}`);
}

/** Number of the account's rows in a table. */
export async function countRows(
  app: App,
  table: 'athletes' | 'rosters' | 'roster_athletes',
  accountId: string,
): Promise<number> {
  const row = await app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A CSV body: lines joined with CRLF, as spreadsheets write them. */
export function csv(...lines: string[]): string {
  return `${lines.join('\r\n')}\r\n`;
}

/** POSTs a CSV to the import. */
export function importCsv(coach: Coach, body: string, dryRun: boolean) {
  return coach.request({
    method: 'POST',
    url: `/api/athlete/import?dryRun=${dryRun}`,
    headers: { 'content-type': 'text/csv' },
    payload: body,
  });
}
