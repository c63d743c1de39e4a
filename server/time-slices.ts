import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Long loops on the event loop in slices: `await slice()` in each step gives the loop a
 * turn (its I/O and timers: other requests) whenever `budgetMs` of work has gone by since
 * the last turn. No request of one account may hold the loop for more than ~50 ms (issue
 * 31, docs/security.md); what is too heavy to slice goes to a worker thread instead
 * (server/report/pdf/pool.ts).
 * @example const slice = timeSlices(); for (const row of rows) { await slice(); check(row); }
 */
export function timeSlices(budgetMs = 10): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < budgetMs) return;
    await nextTurn();
    since = performance.now();
  };
}
