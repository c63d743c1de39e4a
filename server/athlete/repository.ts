import { sql, type Kysely, type RawBuilder } from 'kysely';
import { ALL_ROSTERS, type AthleteBody, type AthleteListBody } from '../../contract/athlete';
import type { Database, Gender } from '../db/schema';
import { isStoredId, lockAccount } from '../db/ids';
import { inTransaction } from '../db/transaction';
import { byName } from '../roster';
import { reserveAthleteSpots } from '../store';
import { recordEvents } from '../webhook';
import { recordActivity, type Actor } from '../activity';
import {
  afterCursor,
  orderBy,
  reversed,
  sortPlan,
  whereFilters,
  type AthleteFilters,
  type Cursor,
  type SortPlan,
} from './list-query';
import { nameKey, namePrefixPattern } from './name-key';
import type { AthleteValues } from './validate';

/**
 * Queries on `athletes` (and their roster memberships). Every one is scoped by the
 * account: an id of another account is not found. Athlete spots (how many more athletes
 * the account may add) are the Store's ledger less the account's athletes
 * (docs/store.md): checked under the account lock in the transaction that inserts, and
 * free again once an athlete is deleted.
 */
type Db = Kysely<Database>;

/** A row as the API reads it (`birth_date` as text: pg would make a local-midnight Date). */
export interface AthleteRow {
  id: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  gender: Gender | null;
  birth_date: string | null;
  graduation_year: number | null;
  sport_id: number | null;
  position_id: number | null;
  height_cm: string | null;
  weight_kg: string | null;
  external_id: string | null;
  email: string | null;
  created_at: Date;
}

const COLUMNS = sql`a.id, a.first_name, a.middle_name, a.last_name, a.gender,
  to_char(a.birth_date, 'YYYY-MM-DD') as birth_date, a.graduation_year, a.sport_id,
  a.position_id, a.height_cm, a.weight_kg, a.external_id, a.email, a.created_at`;

export type RosterRef = AthleteBody['rosters'][number];

/**
 * An athlete's rosters as a member limited to `limit` (roster ids) sees them: theirs only,
 * as everywhere else (docs/workspaces.md "The roster limit"); without a limit, all.
 */
export function visibleRosters(
  rosters: readonly RosterRef[],
  limit: readonly string[] | null | undefined,
): RosterRef[] {
  return limit ? rosters.filter((roster) => limit.includes(String(roster.id))) : [...rosters];
}

/** `athlete` with only the rosters a member limited to `limit` sees (visibleRosters). */
export function asSeenBy<T extends { rosters: RosterRef[] }>(
  athlete: T,
  limit: readonly string[] | null | undefined,
): T {
  return limit ? { ...athlete, rosters: visibleRosters(athlete.rosters, limit) } : athlete;
}

export function toAthleteBody(row: AthleteRow, rosters: RosterRef[]): AthleteBody {
  return {
    id: Number(row.id),
    firstName: row.first_name,
    middleName: row.middle_name,
    lastName: row.last_name,
    gender: row.gender,
    birthDate: row.birth_date,
    graduationYear: row.graduation_year,
    sportId: row.sport_id,
    positionId: row.position_id,
    heightCm: row.height_cm === null ? null : Number(row.height_cm),
    weightKg: row.weight_kg === null ? null : Number(row.weight_kg),
    externalId: row.external_id,
    email: row.email,
    rosters,
    createdAt: row.created_at.toISOString(),
  };
}

/** The rosters of each of `athleteIds`, by name: one query for a whole page. */
export async function rostersOf(
  db: Db,
  accountId: string,
  athleteIds: readonly string[],
): Promise<Map<string, RosterRef[]>> {
  const byAthlete = new Map<string, RosterRef[]>(athleteIds.map((id) => [id, []]));
  if (athleteIds.length === 0) return byAthlete;
  const { rows } = await sql<{ athlete_id: string; id: string; name: string }>`
    select ra.athlete_id, r.id, r.name
    from roster_athletes ra join rosters r on r.id = ra.roster_id
    where ra.athlete_id = any(${athleteIds}::bigint[]) and ra.account_id = ${accountId}`.execute(
    db,
  );
  for (const row of rows)
    byAthlete.get(row.athlete_id)?.push({ id: Number(row.id), name: row.name });
  for (const rosters of byAthlete.values()) rosters.sort(byName);
  return byAthlete;
}

async function withRosters(db: Db, accountId: string, rows: AthleteRow[]): Promise<AthleteBody[]> {
  const rosters = await rostersOf(
    db,
    accountId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toAthleteBody(row, rosters.get(row.id) ?? []));
}

/**
 * Athletes as the API shows them, by id (the webhook payloads of athlete.created and
 * athlete.updated: built by the same code as GET /api/athlete/{id}).
 */
export async function athleteBodies(
  db: Db,
  accountId: string,
  ids: readonly string[],
): Promise<AthleteBody[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<AthleteRow>`
    select ${COLUMNS} from athletes a
    where a.account_id = ${accountId} and a.id = any(${ids}::bigint[]) order by a.id`.execute(db);
  return withRosters(db, accountId, rows);
}

export async function findAthlete(
  db: Db,
  accountId: string,
  id: number,
): Promise<AthleteBody | undefined> {
  if (!isStoredId(id)) return undefined;
  const { rows } = await sql<AthleteRow>`
    select ${COLUMNS} from athletes a where a.account_id = ${accountId} and a.id = ${id}`.execute(
    db,
  );
  if (rows.length === 0) return undefined;
  return (await withRosters(db, accountId, rows))[0];
}

/** A row of the list statements: the count, whether the roster is the account's, an athlete. */
interface ListRow extends Omit<AthleteRow, 'id'> {
  total_count: number;
  roster_found: boolean;
  /** Null in the one row answered for an empty page. */
  id: string | null;
  rosters: RosterRef[];
}

type Page = { pageNumber: number; pageSize: number };

/** The page's bounds: rows [offset, end) of `total` in the sort's order. */
function pageBounds(page: Page, total: number) {
  const offset = Math.min((page.pageNumber - 1) * page.pageSize, Number.MAX_SAFE_INTEGER);
  const end = Math.min(offset + page.pageSize, total);
  return { offset, end, fromEnd: offset < total && offset > total - end };
}

/**
 * The page's athletes (`page`: a CTE of their ids) with their rosters (a subquery per
 * page row), in the sort's order.
 */
function pageRows(plan: SortPlan) {
  const sortKey = plan.key === null ? sql`a.id` : sql`a.${sql.ref(plan.key)} collate "C"`;
  const direction = sql.raw(plan.direction);
  return {
    select: sql`select ${COLUMNS}, ${sortKey} as sort_key,
        (select coalesce(json_agg(json_build_object('id', r.id, 'name', r.name)), '[]')
          from roster_athletes ra join rosters r on r.id = ra.roster_id
          where ra.athlete_id = a.id) as rosters
      from page p join athletes a on a.id = p.id`,
    order: sql`order by x.sort_key ${direction}, x.id ${direction}`,
  };
}

/**
 * The athlete table's exact count and, for a page in the first half, the page, in ONE
 * statement (one snapshot, one round trip: on a busy PostgreSQL each round trip waits
 * for the backend process):
 * - `t`: the count (a roster-only filter counts the roster's memberships) and whether
 *   the roster is the account's;
 * - `page`: the page's ids, a deferred join: the rows to skip are walked in the name
 *   index alone (index-only: `account_id`, the key and `id` are all in it); a one-time
 *   filter on `t` runs it only for a page in the first half (pageFromEndStatement reads
 *   the second half from the other end);
 * - then the page's athletes with their rosters, in order.
 * It answers at least one row (the count), with null athlete columns when there is no page.
 * See docs/query-plans.md ("Athlete table").
 */
export function listStatement(accountId: string, filters: AthleteFilters, page: Page) {
  const where = whereFilters(accountId, filters);
  const plan = sortPlan(filters.sort);
  const { offset } = pageBounds(page, 0);
  const rosterOnly =
    filters.rosterId !== ALL_ROSTERS &&
    [filters.firstNameQuery, filters.middleNameQuery, filters.lastNameQuery].every(
      (query) => namePrefixPattern(query) === undefined,
    );
  // A roster's members are all athletes of its account: counted without the athletes.
  const count = rosterOnly
    ? sql`select count(*)::integer from roster_athletes where roster_id = ${filters.rosterId}`
    : sql`select count(*)::integer from athletes a where ${where}`;
  const rosterFound =
    filters.rosterId === ALL_ROSTERS
      ? sql`true`
      : sql`exists (select 1 from rosters where id = ${filters.rosterId} and account_id = ${accountId})`;
  const rows = pageRows(plan);
  return sql<ListRow>`
    with t as materialized (
      select (${count}) as n, ${rosterFound} as roster_found
    ), page as (
      select a.id from athletes a
      where ${where}
        and (select ${offset}::bigint <= n - least(${offset}::bigint + ${page.pageSize}, n) from t)
      order by ${orderBy(plan)} limit ${page.pageSize} offset ${offset}::bigint
    )
    select t.n as total_count, t.roster_found, x.* from t
    left join lateral (${rows.select}) x on true
    ${rows.order}`;
}

/**
 * A page in the second half, read from the end in the reverse order so that it skips
 * fewer than half of the rows: rows [offset, end) are the reversed order's
 * [total - end, total - offset). Its own statement, so that the planner sees the limit
 * and offset as constants (from the count): as subquery expressions it guessed them
 * large, and for a roster filter chose a hash join and sort of the whole roster.
 * Undefined when the page is not in the second half.
 */
export function pageFromEndStatement(
  accountId: string,
  filters: AthleteFilters,
  page: Page,
  total: number,
) {
  const { offset, end, fromEnd } = pageBounds(page, total);
  if (!fromEnd) return undefined;
  const plan = sortPlan(filters.sort);
  const rows = pageRows(plan);
  return sql<ListRow>`
    with page as (
      select a.id from athletes a where ${whereFilters(accountId, filters)}
      order by ${orderBy(reversed(plan))} limit ${end - offset} offset ${total - end}
    )
    select ${total}::integer as total_count, true as roster_found, x.*
    from (${rows.select}) x
    ${rows.order}`;
}

/**
 * One page of the athlete table and the exact number of athletes that match
 * (listStatement, then pageFromEndStatement for a page in the second half); undefined
 * when the filter's roster is not the account's.
 */
export async function listAthletes(
  db: Db,
  accountId: string,
  filters: AthleteFilters,
  page: Page,
): Promise<AthleteListBody | undefined> {
  const { rows: first } = await listStatement(accountId, filters, page).execute(db);
  const head = first[0];
  if (!head?.roster_found) return undefined;
  const fromEnd = pageFromEndStatement(accountId, filters, page, head.total_count);
  const rows = fromEnd ? (await fromEnd.execute(db)).rows : first;
  const items: AthleteBody[] = [];
  for (const row of rows) {
    if (row.id === null) continue;
    const rosters = row.rosters.map((r) => ({ id: Number(r.id), name: r.name })).sort(byName);
    items.push(toAthleteBody({ ...row, id: row.id }, rosters));
  }
  return {
    items,
    totalCount: head.total_count,
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
  };
}

/** A batch of the export: rows after the cursor, in the filters' order. */
export async function athleteBatch(
  db: Db,
  accountId: string,
  filters: AthleteFilters,
  after: Cursor | undefined,
  size: number,
): Promise<{ rows: (AthleteRow & { sort_key: string })[]; rosters: Map<string, RosterRef[]> }> {
  const plan = sortPlan(filters.sort);
  const conditions: RawBuilder<unknown>[] = [whereFilters(accountId, filters)];
  if (after) conditions.push(afterCursor(plan, after));
  const sortKey = plan.key === null ? sql`''` : sql`a.${sql.ref(plan.key)}`;
  const { rows } = await sql<AthleteRow & { sort_key: string }>`
    select ${COLUMNS}, ${sortKey} as sort_key from athletes a
    where ${sql.join(conditions, sql` and `)}
    order by ${orderBy(plan)} limit ${size}`.execute(db);
  return {
    rows,
    rosters: await rostersOf(
      db,
      accountId,
      rows.map((row) => row.id),
    ),
  };
}

/** The columns an athlete's values are written to, with the name keys. */
export function athleteColumns(values: AthleteValues) {
  return {
    first_name: values.firstName,
    middle_name: values.middleName,
    last_name: values.lastName,
    first_name_key: nameKey(values.firstName),
    middle_name_key: nameKey(values.middleName),
    last_name_key: nameKey(values.lastName),
    gender: values.gender,
    birth_date: values.birthDate,
    graduation_year: values.graduationYear,
    sport_id: values.sportId,
    position_id: values.positionId,
    height_cm: values.heightCm,
    weight_kg: values.weightKg,
    external_id: values.externalId,
    email: values.email,
  };
}

/** The athlete of the account that has `externalId` (other than `exceptId`), if any. */
export async function athleteWithExternalId(
  db: Db,
  accountId: string,
  externalId: string,
  exceptId?: number,
): Promise<{ id: string; first_name: string; last_name: string } | undefined> {
  return db
    .selectFrom('athletes')
    .select(['id', 'first_name', 'last_name'])
    .where('account_id', '=', accountId)
    .where('external_id', '=', externalId)
    .$if(exceptId !== undefined, (qb) => qb.where('id', '<>', String(exceptId)))
    .executeTakeFirst();
}

/** An athlete as the activity log names them: "Ada B. Okafor" without empty parts. */
export function athleteLabel(name: {
  firstName: string;
  middleName: string | null;
  lastName: string;
}): string {
  return [name.firstName, name.middleName, name.lastName].filter(Boolean).join(' ');
}

export class NoAthleteSpotsError extends Error {
  constructor() {
    super('no athlete spots left');
    this.name = 'NoAthleteSpotsError';
  }
}

/** Creates an athlete on the given rosters (ids checked by the caller), taking one spot. */
export function createAthlete(
  db: Db,
  accountId: string,
  values: AthleteValues,
  rosterIds: readonly number[],
  actor?: Actor,
): Promise<string> {
  return inTransaction(db, async (trx) => {
    // Under the account lock: of two requests for the last spot, the second counts the
    // first one's athlete and is refused.
    if ((await reserveAthleteSpots(trx, accountId, 1)) === undefined) {
      throw new NoAthleteSpotsError();
    }
    const { id } = await trx
      .insertInto('athletes')
      .values({ account_id: accountId, ...athleteColumns(values) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setRosters(trx, accountId, id, rosterIds);
    await recordEvents(trx, accountId, 'athlete.created', () =>
      athleteBodies(trx, accountId, [id]),
    );
    if (actor) {
      await recordActivity(trx, {
        accountId,
        actor,
        kind: 'athlete',
        action: 'created',
        subjectId: id,
        subjectLabel: athleteLabel(values),
      });
    }
    return id;
  });
}

/**
 * Replaces an athlete's fields and rosters; false when it is not the account's. With a
 * roster limit (a member limited to some rosters), only the memberships of those rosters
 * change: the athlete stays on the others as they are (decision 041).
 */
export function updateAthlete(
  db: Db,
  accountId: string,
  id: number,
  values: AthleteValues,
  rosterIds: readonly number[],
  actor: Actor,
  limit: readonly string[] | null = null,
): Promise<boolean> {
  if (!isStoredId(id)) return Promise.resolve(false);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('athletes')
      .set({ ...athleteColumns(values), updated_at: sql<Date>`now()` })
      .where('account_id', '=', accountId)
      .where('id', '=', String(id))
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    await setRosters(trx, accountId, row.id, rosterIds, limit);
    await recordEvents(trx, accountId, 'athlete.updated', () =>
      athleteBodies(trx, accountId, [row.id]),
    );
    await recordActivity(trx, {
      accountId,
      actor,
      kind: 'athlete',
      action: 'updated',
      subjectId: row.id,
      subjectLabel: athleteLabel(values),
    });
    return true;
  });
}

/**
 * Makes the athlete's rosters exactly `rosterIds` (a roster that is not the account's,
 * or was deleted meanwhile, is skipped); with a `limit`, of those rosters only: the
 * athlete's memberships of others stay.
 */
async function setRosters(
  trx: Db,
  accountId: string,
  athleteId: string,
  rosterIds: readonly number[],
  limit: readonly string[] | null = null,
): Promise<void> {
  const ids = rosterIds.filter(isStoredId);
  const within = limit ? sql`and roster_id = any(${limit}::bigint[])` : sql``;
  await sql`delete from roster_athletes
    where athlete_id = ${athleteId} and not (roster_id = any(${ids}::bigint[])) ${within}`.execute(
    trx,
  );
  if (ids.length === 0) return;
  await sql`insert into roster_athletes (roster_id, athlete_id, account_id)
    select r.id, ${athleteId}, ${accountId} from rosters r
    where r.account_id = ${accountId} and r.id = any(${ids}::bigint[])
    on conflict do nothing`.execute(trx);
}

/**
 * Deletes an athlete (with its memberships, results and profiles) and gives its spot
 * back; false when it is not the account's.
 */
export function deleteAthlete(
  db: Db,
  accountId: string,
  id: number,
  actor: Actor,
): Promise<boolean> {
  if (!isStoredId(id)) return Promise.resolve(false);
  return db.transaction().execute(async (trx) => {
    // The account row first, as every writer of athletes locks it (no deadlock with a purge).
    await lockAccount(trx, accountId);
    const row = await trx
      .deleteFrom('athletes')
      .where('account_id', '=', accountId)
      .where('id', '=', String(id))
      .returning(['id', 'first_name', 'middle_name', 'last_name'])
      .executeTakeFirst();
    if (!row) return false;
    await recordActivity(trx, {
      accountId,
      actor,
      kind: 'athlete',
      action: 'deleted',
      subjectId: row.id,
      subjectLabel: athleteLabel({
        firstName: row.first_name,
        middleName: row.middle_name,
        lastName: row.last_name,
      }),
    });
    // Its spot is free again: the spots left are the ledger's less the athletes.
    return true;
  });
}
