/** antd's sort direction of a column; null is none. */
export type SortOrder = 'ascend' | 'descend' | null;

/** Sortable columns by key, each with the spec's sort value of each direction. */
export type SortMap<Sort extends string> = Record<string, { ascend: Sort; descend: Sort }>;

/**
 * The spec's sort for a column and direction; no direction (or an unknown column) is
 * `None`, as choosing no sort direction must be (spec, section 4).
 *
 * @example
 * sortFor({ testedOn: { ascend: 'DateCreated', descend: 'DateCreatedDesc' } }, 'testedOn', 'descend');
 * // 'DateCreatedDesc'
 */
export function sortFor<Sort extends string>(
  map: SortMap<Sort>,
  column: unknown,
  order: SortOrder | undefined,
): Sort | 'None' {
  if (!order || typeof column !== 'string' || !(column in map)) return 'None';
  return map[column]![order];
}

/** A column's direction under the current sort (controlled by the table's slice). */
export function orderIn<Sort extends string>(
  map: SortMap<Sort>,
  sort: Sort | 'None',
  column: string,
): SortOrder {
  const entry = map[column];
  if (!entry) return null;
  return sort === entry.ascend ? 'ascend' : sort === entry.descend ? 'descend' : null;
}
