import { useMemo } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useListEventTypesQuery, useListRosterAthletesQuery } from '../../../lib/api/referenceApi';
import { entryColumns, runDistanceOf } from './entryColumns';
import { entryRows, type EntryRow } from './entrySession';
import { checkRow, type RowCheck } from './entryValidation';
import type { EntryState } from './useEntrySession';

/** A row of the grid with what was typed in it and what the checks made of it. */
export interface GridRow extends EntryRow {
  clientId: string | null;
  texts: Record<string, string>;
  check: RowCheck;
  /** The row's messages: the checks' first, then the server's last 400. */
  cellErrors: Record<string, string>;
  rowErrors: string[];
}

/**
 * What the grid shows for the session: the chosen event type, the run's distance, the
 * columns, one checked row per attempt, and how many are ready or need fixing.
 *
 * @example
 * const grid = useEntryGrid(session.state);
 * grid.readyCount; // rows that will be saved
 */
export function useEntryGrid({ setup, entries, extraAttempts, serverErrors }: EntryState) {
  const eventTypes = useListEventTypesQuery();
  const athletes = useListRosterAthletesQuery(setup.rosterId ?? skipToken);
  const eventType = eventTypes.data?.find((type) => type.id === setup.eventTypeId) ?? null;
  const runDistanceMm = eventType ? runDistanceOf(eventType, setup.distance, setup.isMetric) : null;

  const columns = useMemo(
    () =>
      eventType && runDistanceMm !== null
        ? entryColumns(eventType, runDistanceMm, setup.isMetric)
        : [],
    [eventType, runDistanceMm, setup.isMetric],
  );
  const rows = useMemo((): GridRow[] => {
    if (!eventType || setup.rosterId === null) return [];
    return entryRows(athletes.data ?? [], extraAttempts).map((row) => {
      const entry = entries[row.key];
      const texts = entry?.texts ?? {};
      const check = checkRow(texts, { eventType, columns, isMetric: setup.isMetric });
      return {
        ...row,
        clientId: entry?.clientId ?? null,
        texts,
        check,
        cellErrors: { ...serverErrors.cells[row.key], ...check.errors },
        rowErrors: serverErrors.rows[row.key] ?? [],
      };
    });
  }, [athletes.data, columns, entries, eventType, extraAttempts, serverErrors, setup]);

  const typed = rows.filter((row) => !row.check.empty);
  const problemCount = typed.reduce(
    (count, row) => count + Object.keys(row.cellErrors).length + row.rowErrors.length,
    0,
  );
  return {
    eventTypes,
    athletes,
    eventType,
    runDistanceMm,
    columns,
    rows,
    readyCount: typed.filter((row) => Object.keys(row.check.errors).length === 0).length,
    problemCount,
    /** Anything typed in the grid as it is now (what a discard would lose). */
    typedCount: typed.length,
  };
}

export type EntryGridView = ReturnType<typeof useEntryGrid>;
