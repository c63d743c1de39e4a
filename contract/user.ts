import { Type, type Static } from 'typebox';
import { Line } from './common';
import { RoleSchema, RosterLimit, WorkspaceSummaryBody } from './workspace';

/**
 * The signed-in user's account (`/api/user`, spec section 7): profile, e-mail, the
 * athlete allowance and the logo shown in the shell.
 */
export const UserBody = Type.Object(
  {
    id: Type.String({
      format: 'uuid',
      description: 'The current workspace (account) id: what the data belongs to.',
    }),
    firstName: Type.String(),
    lastName: Type.String(),
    email: Type.String({ description: 'The sign-in address.' }),
    emailVerified: Type.Boolean(),
    organisation: Type.String(),
    hasUpdatedProfile: Type.Boolean({
      description: 'False until the profile was saved once (the app asks for it).',
    }),
    athleteSpots: Type.Integer({ minimum: 0, description: 'How many more athletes fit.' }),
    logoUrl: Type.Union([Type.String(), Type.Null()], {
      description: 'Path of the uploaded logo (/files/logos/...), or null.',
    }),
    telemetryId: Type.String({
      format: 'uuid',
      description:
        'The opaque id usage telemetry knows this account by (random, not the account id; docs/telemetry.md).',
    }),
    telemetryOptOut: Type.Boolean({
      description: 'True when the user switched "Share anonymous usage data" off.',
    }),
    userId: Type.String({
      format: 'uuid',
      description: "The signed-in user's own id (`id` is the current workspace's).",
    }),
    role: Type.Union([RoleSchema, Type.Null()], {
      description: 'Their role in the current workspace; null: they belong to none.',
    }),
    rosterIds: RosterLimit,
    workspaces: Type.Array(WorkspaceSummaryBody, {
      description: 'Every workspace the user belongs to, for the switcher.',
    }),
  },
  { title: 'User' },
);
export type UserBody = Static<typeof UserBody>;

/** `PUT /api/user`: values are trimmed; names may not be empty once trimmed. */
export const UpdateUserBody = Type.Object(
  {
    firstName: Line({ minLength: 1, maxLength: 100 }),
    lastName: Line({ minLength: 1, maxLength: 100 }),
    organisation: Type.Optional(Line({ maxLength: 200 })),
  },
  { title: 'UpdateUser', additionalProperties: false },
);
export type UpdateUserBody = Static<typeof UpdateUserBody>;

/** `PUT /api/user/telemetry`: the "Share anonymous usage data" switch, per user. */
export const TelemetryPreferenceBody = Type.Object(
  {
    optOut: Type.Boolean({ description: 'True: send no usage telemetry from any browser.' }),
  },
  { title: 'TelemetryPreference', additionalProperties: false },
);
export type TelemetryPreferenceBody = Static<typeof TelemetryPreferenceBody>;

/** `POST /api/user/uploadlogo` (multipart, one file in the field `logo`). */
export const LogoBody = Type.Object(
  { logoUrl: Type.String({ description: 'Where the new logo is served.' }) },
  { title: 'Logo' },
);
export type LogoBody = Static<typeof LogoBody>;

/** Logos: PNG, JPEG or WebP (by content, not by name), at most 2 MB. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** `POST /api/user/password`: the current password re-authenticates the change. */
export const ChangePasswordBody = Type.Object(
  {
    currentPassword: Type.String({ minLength: 1, maxLength: 1000 }),
    newPassword: Type.String({ minLength: 1, maxLength: 1000 }),
  },
  { title: 'ChangePassword', additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

/** The verification mail may be asked for again once a minute per account. */
export const VERIFICATION_MAIL_INTERVAL_SECONDS = 60;
