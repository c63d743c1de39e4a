/**
 * What every domain's settings (server/<domain>/config.ts) share: how a boolean variable
 * is described, and the rule two or more variables follow together. server/config.ts
 * composes the domains' variables into one checked environment.
 */

/** The `description` of a boolean variable: the words pickVariables understands. */
export const BOOLEAN_DESCRIPTION = 'true or false (also 1/0, on/off, yes/no)';

/** Variables that only work together: all set or none, else a message saying why. */
export interface VariableGroup {
  names: readonly string[];
  why: string;
}
