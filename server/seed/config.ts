import { Type, type Static } from 'typebox';
import { BOOLEAN_DESCRIPTION } from '../plugins/env';
import { isTimeZone } from '../event';

/** The demo account made at start (server/seed/demo.ts). */
export const SeedEnvironment = Type.Object({
  DEMO_DATA: Type.Boolean({ default: true, description: BOOLEAN_DESCRIPTION }),
  // The demo account's time zone: its sessions are stamped in that zone's daytime.
  DEMO_TIME_ZONE: Type.String({
    default: 'America/Chicago',
    description: 'an IANA time zone, such as America/Chicago or Europe/Berlin',
  }),
});

export interface SeedConfig {
  demoData: boolean;
  /** users.time_zone of the demo account, whose sessions happen in its daytime. */
  demoTimeZone: string;
}

export function seedConfig(checked: Static<typeof SeedEnvironment>): SeedConfig {
  return { demoData: checked.DEMO_DATA, demoTimeZone: checked.DEMO_TIME_ZONE };
}

/** What the schema cannot say: DEMO_TIME_ZONE must be a zone both engines know. */
export function seedProblems(value: Record<string, unknown>): string[] {
  return typeof value.DEMO_TIME_ZONE === 'string' && !isTimeZone(value.DEMO_TIME_ZONE)
    ? [
        `  DEMO_TIME_ZONE=${JSON.stringify(value.DEMO_TIME_ZONE)}: expected an IANA time zone, such as America/Chicago or Europe/Berlin`,
      ]
    : [];
}
