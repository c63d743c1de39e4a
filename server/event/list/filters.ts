import { sql, type Kysely, type RawBuilder } from 'kysely';
import { ALL_ROSTERS } from '../../../contract/athlete';
import type { Program, ResultListQuery } from '../../../contract/event-query';
import type { Database, DistanceMode, EventUnit } from '../../db/schema';
import { badRequest, notFound } from '../../plugins/http-errors';
import { nameKey } from '../../athlete';
import { isStoredId } from '../../db/ids';
import { isTimeZone, nextDay, startOfDay } from '../days';
import { SPAN_GRID_MS } from '../../db/migrations/038_bests_closed_askable';

/**
 * The filters of a results table (`GET /api/event` and its export), checked against the
 * account and turned into SQL conditions on `results r` (docs/api-results.md):
 * - rosterId, eventTypeId, eventAliasId must be the account's (or built in): 404 otherwise;
 * - name queries are prefixes of the athletes' `*_name_key` columns (case and accents
 *   ignored), served by the `(account_id, *_name_key collate "C", id)` indexes;
 * - typeQuery is a prefix (case and accents ignored) of the event type's name or of the
 *   result's alias name, resolved here against the account's few types and aliases;
 * - laneIdQuery is a prefix of the lane number ("1" = lanes 1 and 10-19);
 * - startDate/endDate are inclusive days in `tz` (UTC by default).
 */
type Db = Kysely<Database>;

export interface EventTypeInfo {
  id: number;
  name: string;
  unit: EventUnit;
  lowerIsBetter: boolean;
  /** The standard split distances (mm). */
  splitDistancesMm: number[];
  /** fixed: every result is at defaultDistanceMm; none: at 0; variable: any. */
  distanceMode: DistanceMode;
  defaultDistanceMm: number | null;
  /** Order of the Event sorts: the name's key, then the id. */
  sortKey: string;
}

/** The event types a result of the account can have, in one scope entry each. */
export interface TypeScopeEntry {
  typeId: number;
  /** Only results with one of these aliases (typeQuery matched the alias, not the type). */
  aliasIds?: number[];
}

export interface AthleteFilter {
  rosterId?: number;
  /** The roster's athlete ids when it has at most ROSTER_MEMBERS_INLINE. */
  rosterMembers?: string[];
  /** LIKE patterns on the `*_name_key` columns. */
  first?: string;
  middle?: string;
  last?: string;
}

export interface ResultFilters {
  accountId: string;
  program?: Program;
  distance?: number;
  eventAliasId?: number;
  /** Undefined: every type; otherwise only these (empty: nothing matches). */
  typeScope?: TypeScopeEntry[];
  lanes?: number[];
  /** [from, until): instants. */
  from?: Date;
  until?: Date;
  athlete?: AthleteFilter;
  bestByAthlete: boolean;
  /** Some filter matches nothing: answer empty without asking the database. */
  nothing: boolean;
  /**
   * No result of the table's scope lies at or after `until` (checked only for bests that
   * `bests_since` could answer): the range then runs up to now, as far as the bests go.
   */
  nothingAfterUntil?: boolean;
  /** Every type the account sees, by id. */
  types: Map<number, EventTypeInfo>;
}

const INT4_MAX = 2_147_483_647;
/** Ids beyond this cannot be stored ids (bigint ids arrive as JS numbers). */

/** A LIKE pattern for a prefix: `%`, `_` and `\` match themselves. */
export function prefixPattern(key: string): string {
  return `${key.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The key of a name query, or undefined when blank. */
function namePattern(query: string | undefined): string | undefined {
  const key = nameKey(query?.trim() ?? '');
  return key === '' ? undefined : prefixPattern(key);
}

/** Lanes (0-99) whose number starts with `prefix`; undefined when blank. */
export function lanesStartingWith(prefix: string | undefined): number[] | undefined {
  const text = prefix?.trim() ?? '';
  if (text === '') return undefined;
  const lanes: number[] = [];
  for (let lane = 0; lane <= 99; lane++) if (String(lane).startsWith(text)) lanes.push(lane);
  return lanes;
}

/**
 * The account's visible event types with a stored result at `distance` (a descent of
 * `results_board` and one of `results_flagged` per type, both keyed by type and
 * distance). A distance filter keeps only these types: a variable-distance type never
 * run at it would otherwise be walked whole by the sorts that walk one type after
 * another or merge one walk per type (Date, Result, Event): the 40-yd filter walked
 * every flying sprint (73,000 rows at a million results) to find none
 * (docs/query-plans.md section 10).
 */
async function typesStoredAt(db: Db, accountId: string, distance: number): Promise<Set<number>> {
  const stored = (flagged: boolean) => sql`exists (select 1 from results r
    where r.account_id = ${accountId} and r.event_type_id = et.id and r.distance_mm = ${distance}
      and ${flagged ? sql`r.implausible` : sql`not r.implausible`})`;
  const { rows } = await sql<{ id: number }>`select et.id from event_types et
    where (et.account_id is null or et.account_id = ${accountId})
      and (${stored(false)} or ${stored(true)})`.execute(db);
  return new Set(rows.map((row) => row.id));
}

/** The built-in event types and the account's own. */
export async function visibleEventTypes(
  db: Db,
  accountId: string,
): Promise<Map<number, EventTypeInfo>> {
  const rows = await db
    .selectFrom('event_types')
    .select([
      'id',
      'name',
      'unit',
      'lower_is_better',
      'split_distances_mm',
      'distance_mode',
      'default_distance_mm',
    ])
    .where((eb) => eb.or([eb('account_id', 'is', null), eb('account_id', '=', accountId)]))
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: row.name,
        unit: row.unit,
        lowerIsBetter: row.lower_is_better,
        splitDistancesMm: row.split_distances_mm,
        distanceMode: row.distance_mode,
        defaultDistanceMm: row.default_distance_mm,
        sortKey: nameKey(row.name),
      },
    ]),
  );
}

type FilterQuery = Omit<ResultListQuery, 'pageNumber' | 'pageSize' | 'sort' | 'cursor'>;

/**
 * Checks the query's references against the account and resolves typeQuery, lanes and
 * days. @throws HttpError 404 for a roster, event type or alias the account does not
 * have; 400 for an unknown time zone or an end before the start.
 */
export async function resolveFilters(
  db: Db,
  accountId: string,
  query: FilterQuery,
): Promise<ResultFilters> {
  const tz = checkQuery(query);
  const rosterId = query.rosterId ?? ALL_ROSTERS;
  const { types, aliases, alias, members, storedAtDistance } = await loadReferences(
    db,
    accountId,
    query,
    rosterId,
  );
  const scope = typeScopeOf(query, types, aliases, alias, storedAtDistance);
  const athlete = athleteFilterOf(query, rosterId);
  if (athlete && members) athlete.rosterMembers = members;
  const lanes = lanesStartingWith(query.laneIdQuery);
  const distanceOutOfRange = query.distance !== undefined && query.distance > INT4_MAX;
  const filters: ResultFilters = {
    accountId,
    bestByAthlete: query.getBestByAthlete ?? false,
    nothing: (scope?.length ?? 1) === 0 || lanes?.length === 0 || distanceOutOfRange,
    types,
  };
  if (query.program) filters.program = query.program;
  if (query.distance !== undefined && !distanceOutOfRange) filters.distance = query.distance;
  if (query.eventAliasId !== undefined) filters.eventAliasId = query.eventAliasId;
  if (scope) filters.typeScope = scope;
  if (lanes) filters.lanes = lanes;
  if (query.startDate) filters.from = startOfDay(query.startDate, tz);
  if (query.endDate) filters.until = startOfDay(nextDay(query.endDate), tz);
  if (athlete) filters.athlete = athlete;
  if (filters.until && filters.bestByAthlete && !filters.nothing && sinceScope(filters)) {
    filters.nothingAfterUntil = !(await anyBestSince(db, filters, filters.until));
  }
  return filters;
}

/** The query's own consistency: a known time zone (returned), an end not before the start. */
function checkQuery(query: FilterQuery): string {
  const tz = query.tz ?? 'UTC';
  const errors: Record<string, string[]> = {};
  if (!isTimeZone(tz))
    errors.tz = ['is not a time zone this server knows (an IANA name such as America/Chicago)'];
  if (query.startDate && query.endDate && query.endDate < query.startDate) {
    errors.endDate = ['is before startDate'];
  }
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  return tz;
}

interface AliasRow {
  id: string;
  event_type_id: number;
  name: string;
}

/**
 * The account's event types (and aliases, when the query needs them), with the roster,
 * type and alias it names checked against them in one round of reads.
 * @throws HttpError 404 for a roster, event type or alias the account does not have
 */
async function loadReferences(db: Db, accountId: string, query: FilterQuery, rosterId: number) {
  const needAliases = (query.typeQuery?.trim() ?? '') !== '' || query.eventAliasId !== undefined;
  const roster = rosterId !== ALL_ROSTERS && isStoredId(rosterId);
  const { distance } = query;
  const [types, aliases, rosterFound, members, storedAtDistance] = await Promise.all([
    visibleEventTypes(db, accountId),
    needAliases
      ? db
          .selectFrom('event_aliases')
          .select(['id', 'event_type_id', 'name'])
          .where('account_id', '=', accountId)
          .execute()
      : Promise.resolve([] as AliasRow[]),
    rosterId === ALL_ROSTERS
      ? Promise.resolve(true)
      : isStoredId(rosterId)
        ? db
            .selectFrom('rosters')
            .select('id')
            .where('id', '=', String(rosterId))
            .where('account_id', '=', accountId)
            .executeTakeFirst()
            .then(Boolean)
        : Promise.resolve(false),
    roster ? rosterMembersUpTo(db, rosterId, ROSTER_MEMBERS_INLINE) : Promise.resolve(undefined),
    distance !== undefined && distance <= INT4_MAX
      ? typesStoredAt(db, accountId, distance)
      : Promise.resolve(undefined),
  ]);
  if (!rosterFound) throw notFound('No such roster');
  if (query.eventTypeId !== undefined && !types.has(query.eventTypeId)) {
    throw notFound('No such event type');
  }
  let alias: AliasRow | undefined;
  if (query.eventAliasId !== undefined) {
    alias = aliases.find((a) => Number(a.id) === query.eventAliasId);
    if (!alias) throw notFound('No such event alias');
  }
  return { types, aliases, alias, members, storedAtDistance };
}

/**
 * The types (and aliases) a result may have: eventTypeId, the alias's type, typeQuery's
 * matches and the types with a stored result at the distance, each narrowing the others.
 * undefined: no narrowing; an empty list: nothing can match.
 */
function typeScopeOf(
  query: FilterQuery,
  types: Map<number, EventTypeInfo>,
  aliases: readonly AliasRow[],
  alias: AliasRow | undefined,
  storedAtDistance: Set<number> | undefined,
): TypeScopeEntry[] | undefined {
  let typeScope: TypeScopeEntry[] | undefined;
  const narrow = (entries: TypeScopeEntry[]) => {
    if (!typeScope) {
      typeScope = entries;
      return;
    }
    const byType = new Map(entries.map((e) => [e.typeId, e]));
    typeScope = typeScope.flatMap((entry) => {
      const other = byType.get(entry.typeId);
      if (!other) return [];
      if (!entry.aliasIds) return [other];
      if (!other.aliasIds) return [entry];
      const allowed = new Set(other.aliasIds);
      const aliasIds = entry.aliasIds.filter((id) => allowed.has(id));
      return aliasIds.length > 0 ? [{ typeId: entry.typeId, aliasIds }] : [];
    });
  };
  if (query.eventTypeId !== undefined) narrow([{ typeId: query.eventTypeId }]);
  if (alias) narrow([{ typeId: alias.event_type_id }]);
  const typeQuery = query.typeQuery?.trim() ?? '';
  if (typeQuery !== '') narrow(typeQueryMatches(typeQuery, types, aliases));
  // A distance keeps the types with a stored result at it (typesStoredAt): the sorts
  // that walk type by type then walk only the types that match.
  if (storedAtDistance) {
    narrow(
      [...types.keys()].filter((id) => storedAtDistance.has(id)).map((typeId) => ({ typeId })),
    );
  }
  return typeScope as TypeScopeEntry[] | undefined;
}

/** typeQuery's matches: whole types whose name starts with it, else aliases that do. */
function typeQueryMatches(
  typeQuery: string,
  types: Map<number, EventTypeInfo>,
  aliases: readonly AliasRow[],
): TypeScopeEntry[] {
  const key = nameKey(typeQuery);
  const matched: TypeScopeEntry[] = [...types.values()]
    .filter((type) => type.sortKey.startsWith(key))
    .map((type) => ({ typeId: type.id }));
  const wholeTypes = new Set(matched.map((entry) => entry.typeId));
  const aliasesByType = new Map<number, number[]>();
  for (const a of aliases) {
    if (wholeTypes.has(a.event_type_id) || !nameKey(a.name).startsWith(key)) continue;
    aliasesByType.set(a.event_type_id, [
      ...(aliasesByType.get(a.event_type_id) ?? []),
      Number(a.id),
    ]);
  }
  for (const [typeId, aliasIds] of aliasesByType) matched.push({ typeId, aliasIds });
  return matched;
}

/**
 * A roster of at most this many athletes is filtered by its members' ids, given to the
 * statement as a constant array; a larger one by a semi-join on `roster_athletes`. With
 * the ids the planner knows how many athletes and results the filter keeps, so it looks
 * them up by athlete (`results_athlete_time`) or walks a sorted index and checks each row
 * against a hashed array. Given the semi-join, its estimate followed the statistics'
 * random sample: with some samples PostgreSQL merge-joined the roster with the whole
 * `results_athlete_time` index, in athlete order, reading nearly the whole account for a
 * small roster (issue 32: a manual-entry page of 42 athletes read 15,801 results for 159).
 */
export const ROSTER_MEMBERS_INLINE = 1000;

/** The roster's athlete ids, or undefined when it has more than `limit` athletes. */
async function rosterMembersUpTo(
  db: Db,
  rosterId: number,
  limit: number,
): Promise<string[] | undefined> {
  const rows = await db
    .selectFrom('roster_athletes')
    .select('athlete_id')
    .where('roster_id', '=', String(rosterId))
    .orderBy('athlete_id')
    .limit(limit + 1)
    .execute();
  return rows.length > limit ? undefined : rows.map((row) => String(row.athlete_id));
}

/** The roster and name filters on the athlete; undefined when there are none. */
function athleteFilterOf(query: FilterQuery, rosterId: number): AthleteFilter | undefined {
  const athlete: AthleteFilter = {};
  if (rosterId !== ALL_ROSTERS) athlete.rosterId = rosterId;
  const first = namePattern(query.firstNameQuery);
  const middle = namePattern(query.middleNameQuery);
  const last = namePattern(query.lastNameQuery);
  if (first) athlete.first = first;
  if (middle) athlete.middle = middle;
  if (last) athlete.last = last;
  return Object.keys(athlete).length > 0 ? athlete : undefined;
}

/**
 * The `bests_since` scope (migration 011) whose rows answer getBestByAthlete for these
 * filters when the range runs up to now (or there is none: the bests of all time are
 * the rows with no since): the filters must pick results inside a group by date only
 * (no lane, no alias), and a program page's groups are within its program ('none' has
 * no scope). Undefined when the table cannot answer them.
 */
export function sinceScope(filters: ResultFilters): string | undefined {
  if (
    filters.lanes !== undefined ||
    filters.eventAliasId !== undefined ||
    (filters.typeScope ?? []).some((entry) => entry.aliasIds) ||
    filters.program === 'none'
  ) {
    return undefined;
  }
  return filters.program ?? 'all';
}

/** Whether `bests_since` answers getBestByAthlete for these filters. */
export function sinceAnswersBests(filters: ResultFilters): boolean {
  return (
    sinceScope(filters) !== undefined &&
    (filters.until === undefined || filters.nothingAfterUntil === true)
  );
}

/**
 * Whether the spans (`bests_since` and `bests_closed`, migration 037) answer the bests of
 * a range that ends before now: a scope, and no athlete filter (a name's or a roster's
 * athletes rank faster from their own results than the scope's every best of the range
 * is read and filtered: 22 against 64 ms for a middle name's 509 bests, session 31).
 */
export function spansAnswerBests(filters: ResultFilters): boolean {
  return (
    filters.until !== undefined &&
    onSpanGrid(filters.until) &&
    (filters.from === undefined || onSpanGrid(filters.from)) &&
    filters.athlete === undefined &&
    sinceScope(filters) !== undefined
  );
}

/**
 * Whether a range bound is one the spans' index keeps rows for (migration 038): a day's
 * start is, in every time zone since 1972; before, some zones' midnights are not
 * (Liberia's −0:44:30), and those ranges are ranked from the results.
 */
const onSpanGrid = (at: Date) => at.getTime() % SPAN_GRID_MS === 0;

/**
 * Whether the account has a plausible result of the scope at or after `at`: a group's
 * newest result is always one of its `bests_since` rows, so one index descent tells.
 */
async function anyBestSince(db: Db, filters: ResultFilters, at: Date): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`select exists (select 1 from bests_since
    where account_id = ${filters.accountId} and scope = ${sinceScope(filters)}
      and recorded_at >= ${at}) as found`.execute(db);
  return rows[0]?.found === true;
}

/** Conditions on `athletes a` of the athlete filter (name prefixes and roster). */
export function athleteConditions(
  accountId: string,
  athlete: AthleteFilter,
): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [sql`a.account_id = ${accountId}`];
  if (athlete.first) conditions.push(sql`a.first_name_key collate "C" like ${athlete.first}`);
  if (athlete.middle) conditions.push(sql`a.middle_name_key collate "C" like ${athlete.middle}`);
  if (athlete.last) conditions.push(sql`a.last_name_key collate "C" like ${athlete.last}`);
  if (athlete.rosterMembers) {
    conditions.push(sql`a.id = any(${athlete.rosterMembers}::bigint[])`);
  } else if (athlete.rosterId !== undefined) {
    conditions.push(sql`exists (select 1 from roster_athletes ra
      where ra.roster_id = ${athlete.rosterId} and ra.athlete_id = a.id)`);
  }
  return conditions;
}

/** `r.event_type_id ...` for a type scope (a list of types, some only with some aliases). */
export function typeScopeCondition(scope: readonly TypeScopeEntry[]): RawBuilder<unknown> {
  const whole = scope.filter((entry) => !entry.aliasIds).map((entry) => entry.typeId);
  const parts: RawBuilder<unknown>[] = [];
  if (whole.length === 1) parts.push(sql`r.event_type_id = ${whole[0]}`);
  else if (whole.length > 1) parts.push(sql`r.event_type_id = any(${whole}::int[])`);
  for (const entry of scope) if (entry.aliasIds) parts.push(typeEntryCondition(entry));
  return parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` or `)})`;
}

/** One entry of a type scope: its type (and aliases). */
export function typeEntryCondition(entry: TypeScopeEntry): RawBuilder<unknown> {
  if (!entry.aliasIds) return sql`r.event_type_id = ${entry.typeId}`;
  return sql`(r.event_type_id = ${entry.typeId}
    and r.event_alias_id = any(${entry.aliasIds.map(String)}::bigint[]))`;
}

export interface ConditionOptions {
  /** Leave the type scope out (a per-type branch says it). */
  withoutTypeScope?: boolean;
  /** Leave the athlete filter out (the query joins `athletes a` and filters there). */
  withoutAthlete?: boolean;
}

/**
 * Whether the board indexes can read a table of one distance: `results_board` (the
 * plausible runs, keyed by type, distance and value, with the date, lane and athlete)
 * and `results_flagged` (the flagged runs, migration 033) hold every filter but the
 * athletes' (names, roster), the program and the alias (by id or by its name's words).
 * The type's own indexes list every distance's runs together, in value order the
 * shorter runs first, so a distance and a lane walked them all (docs/query-plans.md
 * section 10).
 */
export function boardHolds(filters: ResultFilters): boolean {
  const athlete = filters.athlete;
  return (
    filters.distance !== undefined &&
    !filters.program &&
    filters.eventAliasId === undefined &&
    !(filters.typeScope ?? []).some((entry) => entry.aliasIds !== undefined) &&
    (athlete === undefined || Object.values(athlete).every((value) => value === undefined))
  );
}

/** The conditions on `results r` (scoped by the account). */
export function resultConditions(
  filters: ResultFilters,
  options: ConditionOptions = {},
): RawBuilder<unknown>[] {
  const c: RawBuilder<unknown>[] = [sql`r.account_id = ${filters.accountId}`];
  if (filters.program) {
    c.push(sql`r.program = ${filters.program}`);
    // Matches the program indexes' predicate (migration 010): the planner may then use
    // them whatever the program's value.
    if (filters.program !== 'none') c.push(sql`r.program <> 'none'`);
  }
  if (filters.typeScope && !options.withoutTypeScope) c.push(typeScopeCondition(filters.typeScope));
  if (filters.distance !== undefined) c.push(sql`r.distance_mm = ${filters.distance}`);
  if (filters.eventAliasId !== undefined)
    c.push(sql`r.event_alias_id = ${String(filters.eventAliasId)}`);
  if (filters.lanes) {
    c.push(
      filters.lanes.length === 1
        ? sql`r.lane_id = ${filters.lanes[0]}`
        : sql`r.lane_id = any(${filters.lanes}::smallint[])`,
    );
  }
  if (filters.from) c.push(sql`r.recorded_at >= ${filters.from}`);
  if (filters.until) c.push(sql`r.recorded_at < ${filters.until}`);
  if (filters.athlete && !options.withoutAthlete) {
    const { rosterId, rosterMembers, ...names } = filters.athlete;
    if (Object.keys(names).length === 0 && rosterMembers) {
      c.push(sql`r.athlete_id = any(${rosterMembers}::bigint[])`);
    } else if (Object.keys(names).length === 0 && rosterId !== undefined) {
      c.push(
        sql`r.athlete_id in (select ra.athlete_id from roster_athletes ra where ra.roster_id = ${rosterId})`,
      );
    } else {
      c.push(sql`r.athlete_id in (select a.id from athletes a
        where ${sql.join(athleteConditions(filters.accountId, filters.athlete), sql` and `)})`);
    }
  }
  return c;
}

export const and = (conditions: readonly RawBuilder<unknown>[]): RawBuilder<unknown> =>
  conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
