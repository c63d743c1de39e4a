import { useEffect } from 'react';
import { useGetUserQuery } from './api/currentUserApi';
import { useListRostersQuery } from './api/referenceApi';

/** The roster select of a filter bar, as `useRosterFilter` makes it. */
export interface RosterFilter<All> {
  options: { value: number | All; label: string }[];
  /** What the select shows: the value, or where it is moving (see `useRosterFilter`). */
  value: number | All;
  loading: boolean;
  /** A member limited to some rosters: only theirs, no "All". */
  limited: boolean;
}

/**
 * A table's roster filter for the signed-in member (decision 044): "All" and every roster
 * of the workspace, or, for a member limited to some rosters, theirs only
 * (`GET /api/roster` lists theirs). A value that is no longer a choice (a remembered
 * roster since deleted; "All" for a limited member) moves to "All", or to the limited
 * member's first roster (the first of `rosterIds`: the one the server lists when a
 * request names none, so the page's first answer is already right): `onChange` is called
 * with it once the rosters and the member are known. `onChange` must be stable.
 *
 * @example
 * const onRoster = useCallback((rosterId: number) => changed({ rosterId }), [changed]);
 * const roster = useRosterFilter(filters.rosterId, ALL_ROSTERS, 'All rosters', onRoster);
 * <Select aria-label="Roster" value={roster.value} options={roster.options} onChange={onRoster} />
 */
export function useRosterFilter<All extends number | null>(
  value: number | All,
  all: All,
  allLabel: string,
  onChange: (rosterId: number | All) => void,
): RosterFilter<All> {
  const { data: rosters, isLoading } = useListRostersQuery();
  const { data: user } = useGetUserQuery();
  const limited = (user?.rosterIds ?? null) !== null;
  const known = rosters !== undefined && user != null;
  const choice = value === all ? !limited : rosters?.some(({ id }) => id === value) === true;
  // The limited member's first roster, as the server fills it in when a list names none.
  const first = user?.rosterIds?.find((id) => rosters?.some((roster) => roster.id === id));
  const fallback: number | All | undefined =
    !known || choice ? undefined : limited ? (first ?? rosters[0]?.id) : all;

  useEffect(() => {
    if (fallback !== undefined) onChange(fallback);
  }, [fallback, onChange]);

  return {
    options: [
      ...(limited ? [] : [{ value: all, label: allLabel }]),
      ...(rosters ?? []).map(({ id, name }) => ({ value: id, label: name })),
    ],
    value: fallback ?? value,
    loading: isLoading,
    limited,
  };
}
