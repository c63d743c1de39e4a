import { sql, type Kysely } from 'kysely';

/**
 * `bests_since` carries its athlete's name keys, and has an index per name sort, so that
 * a table of bests sorted by a name is one range of one index in that order. It was a
 * walk of the athletes in name order with one descent into `bests_since` each: page 500
 * of Game Speed's year of bests by name walked ~4,600 athletes (p50 22-28 ms at a
 * million results, over the 30 ms target at p95; docs/performance.md, "Results tables",
 * session 9). Through the index it reads the page's depth of entries of the scope.
 *
 * - The keys are filled by a BEFORE INSERT row trigger from `athletes`, for every writer
 *   of `bests_since` (011's triggers, `bests_since_rebuild`); the seed's bulk load leaves
 *   replica mode before it rebuilds (server/seed/indexes.ts), so the trigger runs there too.
 * - A change of an athlete's name keys updates their rows (one range of the primary key).
 * - Each index carries what a table of bests filters on (since, event type, distance,
 *   value), so the walk checks its filters on the index entries alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table bests_since add column first_name_key text, add column middle_name_key text,
      add column last_name_key text;
    update bests_since b set first_name_key = a.first_name_key,
      middle_name_key = a.middle_name_key, last_name_key = a.last_name_key
      from athletes a where a.id = b.athlete_id;
    alter table bests_since alter column first_name_key set not null,
      alter column middle_name_key set not null, alter column last_name_key set not null;

    create index bests_since_first_name on bests_since
      (account_id, scope, first_name_key collate "C", athlete_id, recorded_at desc, result_id desc)
      include (since, event_type_id, distance_mm, result);
    create index bests_since_middle_name on bests_since
      (account_id, scope, middle_name_key collate "C", athlete_id, recorded_at desc, result_id desc)
      include (since, event_type_id, distance_mm, result);
    create index bests_since_last_name on bests_since
      (account_id, scope, last_name_key collate "C", athlete_id, recorded_at desc, result_id desc)
      include (since, event_type_id, distance_mm, result);

    create function bests_since_names() returns trigger language plpgsql as $$
    begin
      select a.first_name_key, a.middle_name_key, a.last_name_key
        into new.first_name_key, new.middle_name_key, new.last_name_key
        from athletes a where a.id = new.athlete_id;
      return new;
    end $$;
    create trigger bests_since_names before insert on bests_since
      for each row execute function bests_since_names();

    create function athletes_bests_since_names() returns trigger language plpgsql as $$
    begin
      update bests_since set first_name_key = new.first_name_key,
        middle_name_key = new.middle_name_key, last_name_key = new.last_name_key
        where athlete_id = new.id;
      return null;
    end $$;
    create trigger athletes_bests_since_names
      after update of first_name_key, middle_name_key, last_name_key on athletes
      for each row when (old.first_name_key is distinct from new.first_name_key
        or old.middle_name_key is distinct from new.middle_name_key
        or old.last_name_key is distinct from new.last_name_key)
      execute function athletes_bests_since_names();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger athletes_bests_since_names on athletes;
    drop function athletes_bests_since_names();
    drop trigger bests_since_names on bests_since;
    drop function bests_since_names();
    drop index bests_since_first_name, bests_since_middle_name, bests_since_last_name;
    alter table bests_since drop column first_name_key, drop column middle_name_key,
      drop column last_name_key;
  `.execute(db);
}
