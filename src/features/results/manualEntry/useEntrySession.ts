import { useCallback, useMemo, useReducer } from 'react';
import moment from 'moment';
import { noGridErrors, type GridErrors } from './serverCellErrors';
import { newClientId, type RowEntry, type SessionSetup } from './entrySession';

export interface EntryState {
  setup: SessionSetup;
  /** What was typed, by row key; kept when rows leave the grid (another roster) and come back. */
  entries: Record<string, RowEntry>;
  /** Attempts beyond the first, by athlete id. */
  extraAttempts: Record<number, number>;
  serverErrors: GridErrors;
}

type EntryAction =
  | { type: 'setupChanged'; changes: Partial<SessionSetup> }
  | { type: 'cellTyped'; row: string; column: string; text: string; clientId: string }
  | { type: 'attemptAdded'; athleteId: number }
  | { type: 'attemptRemoved'; athleteId: number }
  | { type: 'serverErrorsShown'; errors: GridErrors }
  | { type: 'sessionSaved'; rows: string[] }
  | { type: 'sessionDiscarded' };

/** A hand-timed session starting now, to the minute; nothing else chosen yet. */
export function initialEntryState(now = moment()): EntryState {
  return {
    setup: {
      eventTypeId: null,
      eventAliasId: null,
      distance: '',
      isMetric: false,
      recordedAt: now.clone().startOf('minute').toISOString(),
      laneId: null,
      timingMethod: 'hand',
      rosterId: null,
      program: 'manualentry',
    },
    entries: {},
    extraAttempts: {},
    serverErrors: noGridErrors,
  };
}

function withoutKeys<T>(record: Record<string, T>, keys: readonly string[]): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)));
}

/** Drops a server message once the coach has typed over its cell. */
function withoutCellError(errors: GridErrors, row: string, column: string): GridErrors {
  const cells = errors.cells[row];
  if (!cells?.[column]) return errors;
  const { [column]: _gone, ...rest } = cells;
  return { ...errors, cells: { ...errors.cells, [row]: rest } };
}

export function entryReducer(state: EntryState, action: EntryAction): EntryState {
  switch (action.type) {
    case 'setupChanged':
      return { ...state, setup: { ...state.setup, ...action.changes }, serverErrors: noGridErrors };
    case 'cellTyped': {
      const entry = state.entries[action.row];
      return {
        ...state,
        entries: {
          ...state.entries,
          [action.row]: {
            clientId: entry?.clientId ?? action.clientId,
            texts: { ...entry?.texts, [action.column]: action.text },
          },
        },
        serverErrors: withoutCellError(state.serverErrors, action.row, action.column),
      };
    }
    case 'attemptAdded':
      return {
        ...state,
        extraAttempts: {
          ...state.extraAttempts,
          [action.athleteId]: (state.extraAttempts[action.athleteId] ?? 0) + 1,
        },
      };
    case 'attemptRemoved': {
      const extra = state.extraAttempts[action.athleteId] ?? 0;
      if (extra === 0) return state;
      const lastRow = `${action.athleteId}#${extra + 1}`;
      return {
        ...state,
        extraAttempts: { ...state.extraAttempts, [action.athleteId]: extra - 1 },
        entries: withoutKeys(state.entries, [lastRow]),
      };
    }
    case 'serverErrorsShown':
      return { ...state, serverErrors: action.errors };
    case 'sessionSaved':
      // Saved rows start over with new client ids; extra attempts stay for the next round.
      return {
        ...state,
        entries: withoutKeys(state.entries, action.rows),
        serverErrors: noGridErrors,
      };
    case 'sessionDiscarded':
      return { ...initialEntryState(), setup: state.setup };
  }
}

/**
 * The grid's state while the Manual Entry page lives: the session's setup, what was
 * typed per row (with the row's client id, made on its first keystroke and kept until the
 * row is saved) and the server's last 400 put on cells. Closing the drawer keeps it.
 *
 * @example
 * const session = useEntrySession();
 * session.typeCell('7#1', 'total', '4.62');
 */
export function useEntrySession() {
  const [state, dispatch] = useReducer(entryReducer, undefined, () => initialEntryState());
  const typeCell = useCallback(
    // The id is made here, in the event handler, so that the reducer stays pure.
    (row: string, column: string, text: string) =>
      dispatch({ type: 'cellTyped', row, column, text, clientId: newClientId() }),
    [],
  );
  const actions = useMemo(
    () => ({
      changeSetup: (changes: Partial<SessionSetup>) => dispatch({ type: 'setupChanged', changes }),
      typeCell,
      addAttempt: (athleteId: number) => dispatch({ type: 'attemptAdded', athleteId }),
      removeAttempt: (athleteId: number) => dispatch({ type: 'attemptRemoved', athleteId }),
      showServerErrors: (errors: GridErrors) => dispatch({ type: 'serverErrorsShown', errors }),
      markSaved: (rows: string[]) => dispatch({ type: 'sessionSaved', rows }),
      discard: () => dispatch({ type: 'sessionDiscarded' }),
    }),
    [typeCell],
  );
  return { state, ...actions };
}

export type EntrySession = ReturnType<typeof useEntrySession>;
