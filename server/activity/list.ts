import { sql, type Kysely, type RawBuilder } from 'kysely';
import { DEFAULT_PAGE_SIZE } from '../../contract/list-constants';
import {
  DEFAULT_ACTIVITY_SORT,
  type ActivityEntryBody,
  type ActivityListBody,
  type ActivityListQuery,
  type ActivityMemberListBody,
} from '../../contract/activity';
import type { Database } from '../db/schema';
import { isTimeZone, nextDay, startOfDay } from '../event';
import { badRequest } from '../plugins/http-errors';

type Db = Kysely<Database>;

interface Row {
  id: string;
  created_at: Date;
  actor_sub: string | null;
  actor_email: string;
  api_key_id: string | null;
  api_key_name: string | null;
  kind: ActivityEntryBody['kind'];
  action: ActivityEntryBody['action'];
  subject_id: string | null;
  subject_label: string;
  item_count: number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** 400 on what the schema cannot check: the zone and the order of the two days. */
function check(query: ActivityListQuery): void {
  const errors: Record<string, string[]> = {};
  if (query.tz !== undefined && !isTimeZone(query.tz))
    errors.tz = ['is not a time zone this server knows (an IANA name such as America/Chicago)'];
  if (query.startDate && query.endDate && query.endDate < query.startDate)
    errors.endDate = ['is before startDate'];
  if (Object.keys(errors).length > 0) throw badRequest(errors);
}

/**
 * A page of the account's log. Every condition starts with the account and, with a
 * member or kind, that column: the three indexes of migration 029 serve the order
 * (created_at, id) and the date range as an index range. The count is a window over the
 * same filtered rows (a log holds one row per change or batch, not per result).
 */
export async function listActivity(
  db: Db,
  accountId: string,
  query: ActivityListQuery,
): Promise<ActivityListBody> {
  check(query);
  const pageNumber = query.pageNumber ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const tz = query.tz ?? 'UTC';
  const where: RawBuilder<unknown>[] = [sql`account_id = ${accountId}`];
  if (query.member !== undefined) where.push(sql`actor_sub = ${query.member}`);
  if (query.kind !== undefined) where.push(sql`kind = ${query.kind}`);
  if (query.startDate) where.push(sql`created_at >= ${startOfDay(query.startDate, tz)}`);
  if (query.endDate) where.push(sql`created_at < ${startOfDay(nextDay(query.endDate), tz)}`);
  const sort = query.sort ?? DEFAULT_ACTIVITY_SORT;
  const order =
    sort === 'Date'
      ? sql`created_at asc, id asc`
      : sort === 'None'
        ? sql`id asc`
        : sql`created_at desc, id desc`;
  const filter = sql.join(where, sql` and `);
  const [{ rows }, counted] = await Promise.all([
    sql<Row>`
      select id, created_at, actor_sub, actor_email, api_key_id, api_key_name, kind, action,
        subject_id, subject_label, item_count, before, after
      from activity_log where ${filter}
      order by ${order}
      limit ${pageSize} offset ${(pageNumber - 1) * pageSize}`.execute(db),
    sql<{ total: string }>`select count(*) as total from activity_log where ${filter}`.execute(db),
  ]);
  return {
    items: rows.map(toEntry),
    totalCount: Number(counted.rows[0]?.total ?? 0),
    pageNumber,
    pageSize,
  };
}

function toEntry(row: Row): ActivityEntryBody {
  return {
    id: Number(row.id),
    at: row.created_at.toISOString(),
    actor: {
      sub: row.actor_sub,
      email: row.actor_email,
      apiKeyId: row.api_key_id === null ? null : Number(row.api_key_id),
      apiKeyName: row.api_key_name,
    },
    kind: row.kind,
    action: row.action,
    subjectId: row.subject_id,
    subjectLabel: row.subject_label,
    count: row.item_count,
    before: row.before,
    after: row.after,
  };
}

/**
 * The members who appear in the account's log, by e-mail (the member filter's choices):
 * each one's latest e-mail. A skip scan over activity_log_account_member would be
 * cheaper on a huge log; the log is one row per change, and this read is per page visit.
 */
export async function activityMembers(db: Db, accountId: string): Promise<ActivityMemberListBody> {
  const { rows } = await sql<{ sub: string; email: string }>`
    select distinct on (actor_sub) actor_sub as sub, actor_email as email
    from activity_log
    where account_id = ${accountId} and actor_sub is not null
    order by actor_sub, created_at desc, id desc`.execute(db);
  rows.sort((a, b) => a.email.localeCompare(b.email));
  return { items: rows };
}
