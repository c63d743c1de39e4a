/** antd's sort direction of a column; null is none. */
export type SortOrder = 'ascend' | 'descend' | null;

/**
 * Sortable columns by key, each with the spec's sort value of each direction; a column
 * sorted one way only (the results table's names) has no `descend`.
 */
export type SortMap<Sort extends string> = Record<string, { ascend: Sort; descend?: Sort }>;

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
  return map[column]![order] ?? 'None';
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

/**
 * A sortable column's antd props under the current sort: its key, `sorter: true` (the
 * server sorts) and its direction; a one-way column offers that direction only.
 *
 * @example
 * { ...sortableColumn(sorts, filters.sort, 'lastName'), dataIndex: 'lastName', title: 'Last name' }
 */
export function sortableColumn<Sort extends string>(
  map: SortMap<Sort>,
  sort: Sort | 'None',
  column: string,
) {
  return {
    key: column,
    sorter: true,
    sortOrder: orderIn(map, sort, column),
    ...(map[column]?.descend ? {} : { sortDirections: ['ascend' as const] }),
  };
}
