/**
 * Lower-case, accents stripped: what the `*_name_key` columns hold ('Zoë' -> 'zoe'), for
 * the case- and accent-insensitive prefix search and the name sorts (docs/data-model.md).
 * The seed loader and the API both write keys with this one function.
 */
export function nameKey(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The LIKE pattern of a prefix search on a `*_name_key` column: the query made a key the
 * same way, its LIKE metacharacters (`%`, `_` and the escape `\`) escaped so they match
 * themselves, then `%`. Undefined when the query is blank (no filter).
 * @example namePrefixPattern(' Émi_ ') // 'emi\\_%'
 */
export function namePrefixPattern(query: string | undefined): string | undefined {
  const key = nameKey(query?.trim() ?? '');
  if (key === '') return undefined;
  return `${key.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
