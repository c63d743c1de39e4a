import type { EventInput } from '../../../contract/event';
import type { App } from '../../../server/app';
import { accountId, signUp } from '../user/accounts';
import { fortyYardSprint } from '../../../server/seed/norms';

/** A signed-up coach: the auth header and the account id. */
export async function coach(
  app: App,
  email: string,
): Promise<{ headers: Record<string, string>; id: string }> {
  const { headers } = await signUp(app, email);
  return { headers, id: await accountId(app, headers) };
}

/**
 * `count` athletes of the account, written straight to the table (the athlete routes
 * are another issue's); answers their ids as numbers.
 */
export async function addAthletes(app: App, account: string, count: number): Promise<number[]> {
  const rows = await app.db
    .insertInto('athletes')
    .values(
      Array.from({ length: count }, (_, i) => ({
        account_id: account,
        first_name: `Runner${i}`,
        last_name: 'Test',
        first_name_key: `runner${i}`,
        last_name_key: 'test',
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => Number(row.id));
}

const YD = 914.4;
export const yd = (yards: number): number => Math.round(yards * YD);

/**
 * A plausible electronic 40-yd sprint (event type 1) with splits at 10, 20 and 40 yd;
 * `n` varies the times a little.
 */
export function sprint(
  clientId: string,
  athleteId: number,
  overrides: Partial<EventInput> = {},
  n = 0,
): EventInput {
  const total = 4800 + (n % 400);
  return {
    clientId,
    athleteId,
    eventTypeId: 1,
    recordedAt: new Date(Date.UTC(2025, 2, 1, 15, 0, 0) + n * 30_000).toISOString(),
    ...fortyYardSprint(total),
    source: 'device',
    laneId: 1 + (n % 4),
    ...overrides,
  };
}

/** `count` sprints with client ids `${prefix}-0...`, spread over the athletes. */
export function sprints(prefix: string, athletes: number[], count: number, from = 0): EventInput[] {
  return Array.from({ length: count }, (_, i) =>
    sprint(`${prefix}-${from + i}`, athletes[(from + i) % athletes.length]!, {}, from + i),
  );
}

export async function countRows(
  app: App,
  account: string,
): Promise<{ results: number; splits: number }> {
  const count = async (table: 'results' | 'result_splits') =>
    Number(
      (
        await app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('account_id', '=', account)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { results: await count('results'), splits: await count('result_splits') };
}
