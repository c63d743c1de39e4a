import { useMemo } from 'react';
import { useListPositionsQuery, useListSportsQuery } from './athleteApi';

/**
 * Sports and positions by id, for showing an athlete's names of them.
 *
 * @example
 * const { sports, positions } = useLookups();
 * sports.get(athlete.sportId)?.name;
 */
export function useLookups() {
  const { data: sportList } = useListSportsQuery();
  const { data: positionList } = useListPositionsQuery();
  const sports = useMemo(() => new Map((sportList ?? []).map((s) => [s.id, s])), [sportList]);
  const positions = useMemo(
    () => new Map((positionList ?? []).map((p) => [p.id, p])),
    [positionList],
  );
  return { sports, positions, sportList: sportList ?? [], positionList: positionList ?? [] };
}
