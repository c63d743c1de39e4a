import type { Program } from '../../../../contract/event-constants';
import { paths } from '../../../lib/paths';

/**
 * The results table that lists a program's results: a session typed under EAPI shows
 * under Programs: EAPI, not under Programs: Manual Entry (issue 37,
 * docs/decisions/034-where-typed-results-go.md).
 */
export function programTable(program: Program | undefined): { path: string; label: string } {
  const { programs, results } = paths.home;
  if (program === 'eapi') return { path: programs.eapi.path, label: 'Programs: EAPI' };
  if (program === 'gamespeed') return programs.gameSpeed;
  if (program === 'manualentry') return programs.manualEntry;
  return results.individual;
}
