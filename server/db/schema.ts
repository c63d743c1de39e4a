import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  DistanceMode,
  EventUnit,
  Program,
  Source,
  TimingMethod,
} from '../../contract/event-constants';
import type {
  Measurement,
  ProfileOrigin,
  ReferenceSex,
  Test,
} from '../../contract/index-constants';

/**
 * Kysely's view of the tables that migrations/001_schema.ts creates (and later ones change).
 * bigint ids arrive as strings on both engines; numeric as strings too.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type BigId = ColumnType<string, string | number | undefined, never>;
type BigRef = ColumnType<string, string | number, string | number>;
type Numeric = ColumnType<string, string | number, string | number>;

export interface UsersTable {
  id: Generated<string>;
  auth_subject: string;
  email: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  organisation: Generated<string>;
  has_updated_profile: Generated<boolean>;
  logo_url: string | null;
  /** Migration 016: the IANA zone whose days group results into profiles. */
  time_zone: Generated<string>;
  /** Migration 003: the last resend of the verification mail (rate limit). */
  verification_mail_sent_at: ColumnType<
    Date | null,
    Date | string | null | undefined,
    Date | string | null
  >;
  /** Migration 022: the opaque id the analytics service knows the account by. */
  telemetry_id: Generated<string>;
  /** Migration 022: the coach switched "Share anonymous usage data" off. */
  telemetry_opt_out: Generated<boolean>;
  /** Migration 028: the workspace the user chose last (a request without a workspace header). */
  last_workspace_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SportsTable {
  id: number;
  name: string;
}

export interface PositionsTable {
  id: number;
  sport_id: number;
  name: string;
  abbreviation: string;
}

export type { DistanceMode, EventUnit, Program, Source as ResultSource, TimingMethod };

export interface EventTypesTable {
  id: Generated<number>;
  account_id: string | null;
  code: string;
  name: string;
  unit: EventUnit;
  lower_is_better: boolean;
  default_distance_mm: number | null;
  split_distances_mm: ColumnType<number[], number[] | undefined, number[]>;
  /** Migration 005: fixed (= default_distance_mm), variable (per run), none (0). */
  distance_mode: Generated<DistanceMode>;
  created_at: CreatedAt;
}

export interface EventAliasesTable {
  id: BigId;
  account_id: string;
  event_type_id: number;
  name: string;
  distance_mm: number | null;
  created_at: CreatedAt;
}

export interface RostersTable {
  id: BigId;
  account_id: string;
  name: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type Gender = 'female' | 'male' | 'other';

export interface AthletesTable {
  id: BigId;
  account_id: string;
  first_name: string;
  middle_name: Generated<string>;
  last_name: string;
  first_name_key: string;
  middle_name_key: Generated<string>;
  last_name_key: string;
  gender: Gender | null;
  birth_date: ColumnType<string | null, string | null | undefined, string | null>;
  graduation_year: number | null;
  sport_id: number | null;
  position_id: number | null;
  height_cm: Numeric | null;
  weight_kg: Numeric | null;
  external_id: string | null;
  email: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface RosterAthletesTable {
  roster_id: BigRef;
  athlete_id: BigRef;
  account_id: string;
}

export interface ResultsTable {
  id: BigId;
  account_id: string;
  athlete_id: BigRef;
  event_type_id: number;
  event_alias_id: BigRef | null;
  lane_id: number | null;
  recorded_at: Timestamp;
  distance_mm: number;
  result: number;
  program: Generated<Program>;
  source: Source;
  timing_method: Generated<TimingMethod>;
  client_id: string;
  implausible: Generated<boolean>;
  /** Migration 005: 16 bytes of SHA-256 over what the client sent; null for seeded rows. */
  input_hash: ColumnType<Buffer | null, Buffer | null | undefined, Buffer | null>;
  /**
   * Migration 006, kept by triggers: the athlete's best of this event type and distance
   * (overall, and within the result's program). Never set by writers.
   */
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ResultSplitsTable {
  result_id: BigRef;
  split_distance_mm: number;
  split_ms: number;
  account_id: string;
  athlete_id: BigRef;
  event_type_id: number;
  distance_mm: number;
  lane_id: number | null;
  recorded_at: Timestamp;
  /** Migration 005: a copy of the result's flag (the board index leaves these out). */
  implausible: Generated<boolean>;
}

/**
 * Migration 009, kept by triggers: each athlete's first entry of a leaderboard board in
 * rank order (docs/leaderboard.md). Never written by the app.
 */
export interface BoardBestsTable {
  account_id: string;
  event_type_id: number;
  athlete_id: BigRef;
  /** -1: the best of every lane; else the best run in this lane (migration 012). */
  lane_key: number;
  /** The board's distance: a run distance (totals) or a split distance of longer runs. */
  board_mm: number;
  /** `value`, negated when higher is better: the board index ascends for both. */
  rank_value: number;
  value: number;
  recorded_at: Timestamp;
  result_id: BigRef;
  lane_id: number | null;
}

/**
 * The results that rank before every later result of their group (migration 011): the
 * bests of all time and of any range up to now. Kept by triggers; never written here.
 */
export interface BestsSinceTable {
  account_id: string;
  /** 'all', or the program whose groups it is. */
  scope: 'all' | Exclude<Program, 'none'>;
  athlete_id: BigRef;
  event_type_id: number;
  distance_mm: number;
  result_id: BigRef;
  recorded_at: Timestamp;
  result: number;
  /** The group's previous row's `recorded_at` (null: the best of all time). */
  since: Timestamp | null;
  /** The athlete's name keys (015), filled by a trigger: name sorts walk them in order. */
  first_name_key: Generated<string>;
  middle_name_key: Generated<string>;
  last_name_key: Generated<string>;
}

/**
 * A result of a group that a later one ranks before (migration 037): it is its group's
 * best of exactly the ranges `[from, until)` with `since < from <= recorded_at < until
 * <= next_at`. Kept by triggers on results, with `bests_since` (the open ones).
 */
export interface BestsClosedTable extends Omit<
  BestsSinceTable,
  'first_name_key' | 'middle_name_key' | 'last_name_key'
> {
  /** The first later result of the group that ranks before it. */
  next_at: Timestamp;
}

export interface ApiKeysTable {
  id: BigId;
  account_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  created_at: CreatedAt;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  /** Migration 028: `read` keys only read; `write` keys (every older key) also send results. */
  access: ColumnType<'read' | 'write', 'read' | 'write' | undefined, 'read' | 'write'>;
}

/** Migration 028: who belongs to a workspace (an account row), with which role. */
export interface WorkspaceMembersTable {
  user_id: string;
  workspace_id: string;
  role: 'owner' | 'coach' | 'viewer';
  /** The rosters a limited member sees (null: every roster). */
  roster_ids: string[] | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** Migration 028: an invitation by e-mail, found by the SHA-256 of its token. */
export interface WorkspaceInvitationsTable {
  id: BigId;
  workspace_id: string;
  email: string;
  role: 'owner' | 'coach' | 'viewer';
  roster_ids: string[] | null;
  token_hash: string;
  invited_by: string | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  accepted_by: string | null;
  revoked_at: Timestamp | null;
}

/** Migration 016: a published version of the performance index's reference tables. */
export interface IndexReferenceVersionsTable {
  id: Generated<number>;
  version: number;
  note: Generated<string>;
  published_at: CreatedAt;
}

/** Migration 016: one test, sex and level of a reference version (mean and SD). */
export interface IndexReferencesTable {
  version_id: number;
  test: Test;
  sex: ReferenceSex;
  level: Generated<string>;
  mean: Numeric;
  sd: Numeric;
  lower_is_better: boolean;
  source: string;
}

/** Migration 016: one athlete's index on one testing day. */
export interface ProfilesTable {
  id: BigId;
  account_id: string;
  athlete_id: BigRef;
  /** A day; select it as `tested_on::text` (pg would make a local-midnight Date). */
  tested_on: ColumnType<string, string, string>;
  origin: ProfileOrigin;
  bodyweight_kg: ColumnType<string | null, string | number | null, string | number | null>;
  reference_version_id: number;
  vertical_jump_mm: number | null;
  sprint_10_ms: number | null;
  pro_agility_ms: number | null;
  sprint_40_ms: number | null;
  broad_jump_mm: number | null;
  acceleration_ms: number | null;
  transition_ms: number | null;
  top_speed_ms: number | null;
  flying_10_ms: number | null;
  /** `{ [test]: points }` of the scored tests. */
  points: ColumnType<Partial<Record<Test, number>>, string, string>;
  /** `{ [measurement]: result id }` of the measurements taken from results. */
  result_ids: ColumnType<Partial<Record<Measurement, string>>, string, string>;
  eapi: number | null;
  easi: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/**
 * Migration 018, kept by triggers on profiles and roster_athletes: a roster's testing day
 * (current members with a profile that day). Never written by the app.
 */
export interface TeamDaysTable {
  roster_id: BigRef;
  /** A day; select it as `tested_on::text`. */
  tested_on: ColumnType<string, string, string>;
  account_id: string;
  athletes: number;
  /** Of them, those with a complete EAPI, and the sum of those EAPIs. */
  complete: number;
  eapi_sum: ColumnType<string, string | number, string | number>;
}

/** Migration 018, kept by triggers on profiles: each athlete's latest complete indexes. */
export interface AthleteIndexesTable {
  athlete_id: BigRef;
  account_id: string;
  eapi: number | null;
  easi: number | null;
}

/** Migration 018, kept by triggers: athlete_indexes per roster membership. */
export interface RosterIndexesTable {
  roster_id: BigRef;
  athlete_id: BigRef;
  account_id: string;
  eapi: number | null;
  easi: number | null;
}

export interface IdentityCredentialsTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  email_verified: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface IdentityTokensTable {
  token_hash: string;
  credential_id: string;
  purpose: 'verify-email' | 'reset-password';
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface IdentityStoreTable {
  model: string;
  id: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  grant_id: string | null;
  uid: string | null;
  expires_at: Timestamp | null;
  consumed_at: Timestamp | null;
}

/** Migration 019: what a coach bought (docs/store.md). */
export type OrderStatus = 'pending' | 'fulfilled' | 'refunded' | 'cancelled';
export interface StoreOrdersTable {
  id: BigId;
  account_id: string;
  package_id: string;
  spots: number;
  price_cents: ColumnType<string, string | number, never>;
  currency: string;
  provider: string;
  status: ColumnType<OrderStatus, OrderStatus | undefined, OrderStatus>;
  idempotency_key: string;
  created_at: CreatedAt;
  fulfilled_at: Timestamp | null;
  refunded_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  /** Migration 021: the Stripe Checkout Session paying for it, its page, its PaymentIntent. */
  checkout_session_id: string | null;
  checkout_url: string | null;
  payment_intent_id: string | null;
}

/** Migration 021: Stripe events processed, once each (by Stripe's event id). */
export interface StripeEventsTable {
  id: string;
  type: string;
  order_id: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  payment_intent_id: string | null;
  outcome: string;
  received_at: CreatedAt;
}

/** Migration 019: the append-only ledger (a trigger refuses UPDATE and DELETE). */
export type LedgerKind =
  'opening' | 'grant' | 'credit_purchase' | 'spots_purchase' | 'spots_return' | 'refund';
export interface LedgerEntriesTable {
  id: BigId;
  account_id: string;
  kind: LedgerKind;
  spots: ColumnType<number, number | undefined, never>;
  credit_cents: ColumnType<string, string | number | undefined, never>;
  order_id: ColumnType<string | null, string | number | null | undefined, never>;
  idempotency_key: string;
  note: ColumnType<string, string | undefined, never>;
  created_at: CreatedAt;
}

/** Migration 029: the activity log, append-only (a trigger refuses UPDATE and DELETE). */
export interface ActivityLogTable {
  id: BigId;
  account_id: string;
  created_at: CreatedAt;
  actor_sub: ColumnType<string | null, string | null | undefined, never>;
  actor_email: ColumnType<string, string | undefined, never>;
  api_key_id: ColumnType<string | null, string | number | null | undefined, never>;
  api_key_name: ColumnType<string | null, string | null | undefined, never>;
  kind: ColumnType<string, string, never>;
  action: ColumnType<string, string, never>;
  subject_id: ColumnType<string | null, string | null | undefined, never>;
  subject_label: ColumnType<string, string | undefined, never>;
  item_count: ColumnType<number, number | undefined, never>;
  before: ColumnType<unknown, string | null | undefined, never>;
  after: ColumnType<unknown, string | null | undefined, never>;
}

/** Migration 020: webhook subscriptions, the outbox of events, and their deliveries. */
export interface WebhookSubscriptionsTable {
  id: BigId;
  account_id: string;
  url: string;
  description: ColumnType<string, string | undefined, string>;
  events: string[];
  /** Sealed with the server's key (server/webhook/secret-box.ts); in clear before migration 026. */
  secret: string;
  /** Migration 026: `whsec_` and the secret's first 4 characters, shown to tell secrets apart. */
  secret_prefix: ColumnType<string, string | undefined, string>;
  status: ColumnType<'active' | 'paused' | 'disabled', undefined, 'active' | 'paused' | 'disabled'>;
  disabled_reason: ColumnType<string | null, undefined, string | null>;
  consecutive_failures: ColumnType<number, undefined, number>;
  last_delivery_at: ColumnType<Date | null, undefined, Date | string | null>;
  last_status_code: ColumnType<number | null, undefined, number | null>;
  /** Migration 025: when the mail that it was disabled was claimed (null: not yet). */
  disabled_notice_at: ColumnType<Date | null, undefined, Date | string | null>;
  /** Migration 027: when that mail went out (null: not yet; a claim may be pending). */
  disabled_notice_sent_at: ColumnType<Date | null, undefined, Date | string | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}
export interface WebhookEventsTable {
  id: BigId;
  account_id: string;
  type: string;
  /** Given at fan-out (a test event: when written); null until then. */
  message_id: ColumnType<string | null, string | undefined, never>;
  /** Null for a result event until the worker fans it out (then frozen). */
  payload: ColumnType<unknown, string | undefined, never>;
  /** The result a thin result.created / result.updated event is about. */
  subject_id: ColumnType<string | null, string | number | null | undefined, never>;
  subscription_id: ColumnType<string | null, string | number | null | undefined, never>;
  fanned_out: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}
export type DeliveryStatusColumn = 'pending' | 'retrying' | 'delivered' | 'failed';
export interface WebhookDeliveriesTable {
  id: BigId;
  account_id: string;
  subscription_id: BigRef;
  event_id: BigRef;
  message_id: string;
  event_type: string;
  status: ColumnType<DeliveryStatusColumn, DeliveryStatusColumn | undefined, DeliveryStatusColumn>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  leased_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_attempt_at: ColumnType<Date | null, undefined, Date | string | null>;
  status_code: ColumnType<number | null, undefined, number | null>;
  duration_ms: ColumnType<number | null, undefined, number | null>;
  error: ColumnType<string | null, undefined, string | null>;
  response_excerpt: ColumnType<string | null, undefined, string | null>;
  created_at: CreatedAt;
}

export interface IdentityKeysTable {
  kid: string;
  private_jwk: ColumnType<Record<string, unknown>, string, string>;
  created_at: CreatedAt;
}

export interface Database {
  users: UsersTable;
  sports: SportsTable;
  positions: PositionsTable;
  event_types: EventTypesTable;
  event_aliases: EventAliasesTable;
  rosters: RostersTable;
  athletes: AthletesTable;
  roster_athletes: RosterAthletesTable;
  results: ResultsTable;
  result_splits: ResultSplitsTable;
  board_bests: BoardBestsTable;
  bests_since: BestsSinceTable;
  bests_closed: BestsClosedTable;
  api_keys: ApiKeysTable;
  workspace_members: WorkspaceMembersTable;
  workspace_invitations: WorkspaceInvitationsTable;
  index_reference_versions: IndexReferenceVersionsTable;
  index_references: IndexReferencesTable;
  profiles: ProfilesTable;
  team_days: TeamDaysTable;
  athlete_indexes: AthleteIndexesTable;
  roster_indexes: RosterIndexesTable;
  identity_credentials: IdentityCredentialsTable;
  identity_tokens: IdentityTokensTable;
  identity_store: IdentityStoreTable;
  identity_keys: IdentityKeysTable;
  store_orders: StoreOrdersTable;
  ledger_entries: LedgerEntriesTable;
  activity_log: ActivityLogTable;
  stripe_events: StripeEventsTable;
  webhook_subscriptions: WebhookSubscriptionsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

export type User = Selectable<UsersTable>;
export type Athlete = Selectable<AthletesTable>;
export type NewAthlete = Insertable<AthletesTable>;
export type AthleteUpdate = Updateable<AthletesTable>;
export type Result = Selectable<ResultsTable>;
export type NewResult = Insertable<ResultsTable>;
export type NewResultSplit = Insertable<ResultSplitsTable>;
