import { Type, type Static } from 'typebox';

/** The results tables (server/event/list). */
export const EventEnvironment = Type.Object({
  RESULT_COUNT_CAP: Type.Integer({
    minimum: 1,
    default: 10000,
    description: 'a whole number, 1 or more',
  }),
});

export interface EventConfig {
  /**
   * Results tables count matching rows up to here and then say "N+" (totalCountCapped):
   * an exact count over a million rows costs 40-60 ms (docs/query-plans.md).
   */
  resultCountCap: number;
}

export function eventConfig(checked: Static<typeof EventEnvironment>): EventConfig {
  return { resultCountCap: checked.RESULT_COUNT_CAP };
}
