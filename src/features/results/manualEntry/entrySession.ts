import type { TimingMethod } from '../../../../contract/event';
import type { Program } from '../../../../contract/event-constants';

/** The programs a typed session can belong to (not `none`: typed results are a program's). */
export type EntryProgram = Exclude<Program, 'none'>;

/** The Program choice of the setup, Manual Entry first (the default). */
export const ENTRY_PROGRAMS: ReadonlyArray<{ value: EntryProgram; label: string }> = [
  { value: 'manualentry', label: 'Manual Entry' },
  { value: 'eapi', label: 'EAPI' },
  { value: 'gamespeed', label: 'Game Speed' },
];
import type { CellTexts } from './entryValidation';

/** What the whole session shares: one event type, distance, moment, lane and timing. */
export interface SessionSetup {
  eventTypeId: number | null;
  eventAliasId: number | null;
  /** The run's distance as typed, in yards or metres (`isMetric`); only for variable distances. */
  distance: string;
  isMetric: boolean;
  /** When the session ran, an ISO instant (the same for every row). */
  recordedAt: string;
  laneId: number | null;
  timingMethod: TimingMethod;
  /** The roster whose athletes make the rows; -1 = all athletes, null = not chosen. */
  rosterId: number | null;
  /**
   * The program the results are saved under: Manual Entry unless told; EAPI results build
   * the athletes' profiles (the EAPI and EASI reports), Game Speed ones show on its page.
   */
  program: EntryProgram;
}

/** One attempt's row of the grid: an athlete and which of their attempts it is. */
export interface EntryRow {
  /** `<athleteId>#<attempt>`: stable while the page lives. */
  key: string;
  athleteId: number;
  attempt: number;
  name: string;
}

/** What the coach typed in a row, and the id the row's result is sent under. */
export interface RowEntry {
  /** Made once, when the row is first typed in, and kept until a save succeeds. */
  clientId: string;
  texts: CellTexts;
}

export const rowKey = (athleteId: number, attempt: number) => `${athleteId}#${attempt}`;

/**
 * A fresh client id (`crypto.randomUUID` where the browser has it; older browsers and
 * plain-http pages do not, so random bytes in the UUID layout there).
 */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The grid's rows: each athlete once, plus the extra attempts added for them, in the
 * roster's order.
 *
 * @example
 * entryRows([{ id: 7, firstName: 'Ada', lastName: 'Okafor' }], { 7: 1 }).map((row) => row.key);
 * // ['7#1', '7#2']
 */
export function entryRows(
  athletes: readonly { id: number; firstName: string; lastName: string }[],
  extraAttempts: Readonly<Record<number, number>>,
): EntryRow[] {
  return athletes.flatMap((athlete) => {
    const name = `${athlete.firstName} ${athlete.lastName}`;
    const attempts = 1 + (extraAttempts[athlete.id] ?? 0);
    return Array.from({ length: attempts }, (_, index) => ({
      key: rowKey(athlete.id, index + 1),
      athleteId: athlete.id,
      attempt: index + 1,
      name,
    }));
  });
}
