/** A cell of the grid by its row and column index. */
export interface CellPosition {
  row: number;
  column: number;
}

/** Keys the grid handles itself; Tab and Shift+Tab follow the document's order (across). */
export type MoveKey = 'Enter' | 'ArrowDown' | 'ArrowUp';

/**
 * Where a key moves the focus: Enter and ↓ go down the same column, Shift+Enter and ↑ go
 * up. Enter on the last row goes on at the top of the next column (a coach reading one
 * split column off a stopwatch sheet, then the next), and on the last cell it answers
 * `'save'`; Shift+Enter on the first row goes back to the bottom of the column before.
 * `null`: stay (the arrows stop at the edges).
 *
 * @example
 * moveTarget({ row: 0, column: 1 }, 'Enter', false, { rows: 3, columns: 2 }); // { row: 1, column: 1 }
 * moveTarget({ row: 2, column: 1 }, 'Enter', false, { rows: 3, columns: 2 }); // 'save'
 */
export function moveTarget(
  from: CellPosition,
  key: MoveKey,
  shiftKey: boolean,
  size: { rows: number; columns: number },
): CellPosition | 'save' | null {
  const up = key === 'ArrowUp' || (key === 'Enter' && shiftKey);
  const row = from.row + (up ? -1 : 1);
  if (row >= 0 && row < size.rows) return { row, column: from.column };
  if (key !== 'Enter') return null;
  if (!up) return from.column + 1 < size.columns ? { row: 0, column: from.column + 1 } : 'save';
  return from.column > 0 ? { row: size.rows - 1, column: from.column - 1 } : null;
}
