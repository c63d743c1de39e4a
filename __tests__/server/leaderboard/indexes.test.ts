import { sql } from 'kysely';
import type { App } from '../../../server/app';
import { bulkTableIndexes } from '../../../server/db/indexes';
import { leadersQuery } from '../../../server/leaderboard/queries';
import { buildTestApp } from '../helpers/build-test-app';

/**
 * The seed's bulk loader drops and rebuilds the big tables' indexes from
 * server/db/indexes.ts: after the migrations (007 last changed them) each must be exactly
 * what that file would build, or a seeded database would have other indexes than a
 * migrated one.
 */
describe('board indexes (migration 008)', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
  });
  afterAll(() => app.close());

  const definition = async (name: string) => {
    const { rows } = await sql<{ indexdef: string }>`
      select indexdef from pg_indexes where schemaname = current_schema() and indexname = ${name}`.execute(
      app.db,
    );
    return rows[0]?.indexdef;
  };

  it('migrates every index to the definition the seed loader rebuilds', async () => {
    for (const index of bulkTableIndexes) {
      const migrated = await definition(index.name);
      expect({ index: index.name, defined: migrated !== undefined }).toEqual({
        index: index.name,
        defined: true,
      });
      await sql.raw(`drop index ${index.name}`).execute(app.db);
      await sql.raw(index.ddl).execute(app.db);
      expect(await definition(index.name)).toBe(migrated);
    }
  });

  it('keys both board indexes by the rank order and leaves flagged runs out', async () => {
    expect(await definition('results_board')).toMatch(
      /\(account_id, event_type_id, distance_mm, result, recorded_at, id\) INCLUDE \(athlete_id, lane_id\) WHERE \(NOT implausible\)$/,
    );
    expect(await definition('result_splits_athlete_board')).toMatch(
      /\(athlete_id, event_type_id, distance_mm, split_distance_mm, split_ms, recorded_at, result_id\) INCLUDE \(lane_id\) WHERE \(NOT implausible\)$/,
    );
    expect(await definition('athletes_sport_position')).toMatch(
      /\(account_id, sport_id, position_id, id\)$/,
    );
  });

  it("carries the athlete in the program pages' date index, for a roster's rows (014)", async () => {
    expect(await definition('results_program_type_time')).toMatch(
      /\(account_id, program, event_type_id, recorded_at, id\) INCLUDE \(athlete_id, distance_mm, lane_id\) WHERE \(program <> 'none'::text\)$/,
    );
  });
  it('carries what the other filters and the sorts read in the alias index (032)', async () => {
    expect(await definition('results_alias')).toMatch(
      /\(account_id, event_alias_id, recorded_at, id\) INCLUDE \(program, event_type_id, distance_mm, lane_id, result\) WHERE \(event_alias_id IS NOT NULL\)$/,
    );
  });
  it("keys an alias's rows by the athlete, with its tables' filters (034, 036)", async () => {
    expect(await definition('results_alias_athlete')).toMatch(
      /\(account_id, event_alias_id, athlete_id, recorded_at, id\) INCLUDE \(program, event_type_id, distance_mm, lane_id, result\) WHERE \(event_alias_id IS NOT NULL\)$/,
    );
  });
  it("keys an athlete's program results for a program page's name walk (035)", async () => {
    expect(await definition('results_athlete_program')).toMatch(
      /\(athlete_id, program, recorded_at, id\) INCLUDE \(account_id, event_type_id, distance_mm, lane_id, event_alias_id, result, implausible\) WHERE \(program <> 'none'::text\)$/,
    );
  });
  it("reads the leaders' bests from board_bests' primary key alone (index-only)", async () => {
    const { rows } = await sql<{ indexdef: string }>`
      select indexdef from pg_indexes
      where schemaname = current_schema() and indexname = 'board_bests_pkey'`.execute(app.db);
    // "(account_id, ..., board_mm) INCLUDE (rank_value, ...)": every column the index holds.
    const held = new Set(
      rows[0]!.indexdef.match(/\(([^)]*)\)/g)!.flatMap((list) => list.slice(1, -1).split(', ')),
    );
    const query = leadersQuery(
      {
        accountId: '00000000-0000-0000-0000-000000000000',
        eventTypeId: 1,
        lowerIsBetter: true,
        boards: [{ distanceMm: 36576, sources: [{ kind: 'total', run: 36576, board: 36576 }] }],
        limit: 5,
        distinct: true,
        filters: { sportId: 1, from: new Date('2026-01-01T00:00:00Z') },
      },
      20,
    )!.compile(app.db);
    // The descent into board_bests per athlete of the set (shape-bests.ts, setBests).
    const descent = /cross join lateral \(\s*select (.*?) from board_bests where/s.exec(
      query.sql,
    )![1]!;
    expect(descent).not.toBe('*');
    for (const column of descent.split(',').map((c) => c.trim())) expect(held).toContain(column);
  });
});
