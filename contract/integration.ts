import { Type, type Static } from 'typebox';
import { Id, Line, literals, Nullable } from './common';

/**
 * API keys for timing devices and apps (`/api/integration/api-key`). A key is sent as
 * `Authorization: Bearer <key>` and acts for the workspace that made it. A `read` key
 * reads the roster and reference data (`GET /api/athlete`, `/api/roster`,
 * `/api/event-type`, `/api/sport`, `/api/position`); a `write` key also sends results
 * (`POST /api/event`); contract/permissions.ts says which routes. Any other call answers 403. A revoked or unknown key: 401.
 * The key itself is shown once, when it is made; only a hash of it is stored.
 */

const Instant = Type.String({ format: 'date-time' });
const NullableInstant = Nullable(Instant);

/** Every key starts with this. */
export const API_KEY_PREFIX = 'sl_live_';
/** What a key may do (contract/permissions.ts `key`); keys made before there was a choice are `write`. */
export const API_KEY_ACCESS = ['read', 'write'] as const;
/** At most this many keys that are not revoked, per account. */
export const MAX_ACTIVE_API_KEYS = 50;

export const ApiKeyBody = Type.Object(
  {
    id: Id,
    name: Type.String(),
    prefix: Type.String({ description: 'The first characters of the key, to recognise it.' }),
    createdAt: Instant,
    lastUsedAt: Type.Union([Instant, Type.Null()], {
      description: 'Last call made with it (updated at most once a minute), or null.',
    }),
    revokedAt: NullableInstant,
    access: literals(API_KEY_ACCESS, {
      description: '`read`: reads the roster and reference data; `write`: also sends results.',
    }),
  },
  { title: 'ApiKey' },
);
export type ApiKeyBody = Static<typeof ApiKeyBody>;

/** `GET /api/integration/api-key`: every key of the account, newest first (not paged). */
export const ApiKeyListBody = Type.Object(
  {
    items: Type.Array(ApiKeyBody),
    totalCount: Type.Integer(),
    pageNumber: Type.Integer(),
    pageSize: Type.Integer(),
  },
  { title: 'ApiKeyList' },
);
export type ApiKeyListBody = Static<typeof ApiKeyListBody>;

/** `POST /api/integration/api-key`: the name says where the key is used ("Lane 1 gates"). */
export const ApiKeyInput = Type.Object(
  {
    name: Line({ minLength: 1, maxLength: 100 }),
    access: Type.Optional(literals(API_KEY_ACCESS, { default: 'write' })),
  },
  { title: 'ApiKeyInput', additionalProperties: false },
);
export type ApiKeyInput = Static<typeof ApiKeyInput>;

/** The answer to making a key: the only time the key itself is shown. */
export const NewApiKeyBody = Type.Object(
  {
    ...ApiKeyBody.properties,
    key: Type.String({ description: 'The key (sl_live_ and 43 characters). Shown only now.' }),
  },
  { title: 'NewApiKey' },
);
export type NewApiKeyBody = Static<typeof NewApiKeyBody>;
