/**
 * Recognises a unique-index violation (SQLSTATE 23505) by the index it hit, as the pg
 * driver reports it on both engines. Routes use it to turn a race that the index caught
 * into the same 400 that the check before it would have answered.
 * @example if (isUniqueViolation(error, 'rosters_name')) throw badRequest({ name: [...] });
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: hit } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && hit === constraint;
}
