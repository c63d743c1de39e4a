import { useRef, type KeyboardEvent } from 'react';
import { Button, Input, Tooltip, Typography, theme } from 'antd';
import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import type { EntryColumn } from './entryColumns';
import { markHint } from './entryParse';
import { moveTarget, type MoveKey } from './gridNavigation';
import type { GridRow } from './useEntryGrid';

interface EntryGridProps {
  columns: readonly EntryColumn[];
  rows: readonly GridRow[];
  /** The unit of a mark column, for its placeholder. */
  markUnit: 'height' | 'distance' | null;
  isMetric: boolean;
  onType: (row: string, column: string, text: string) => void;
  onAddAttempt: (athleteId: number) => void;
  onRemoveAttempt: (athleteId: number) => void;
  /** Enter on the last cell: the Save button takes the focus. */
  onLeaveLast: () => void;
}

const moveKeys: readonly string[] = ['Enter', 'ArrowDown', 'ArrowUp'];
const cellStyle = { padding: '4px 8px', verticalAlign: 'top' } as const;

function placeholderOf(
  column: EntryColumn,
  markUnit: EntryGridProps['markUnit'],
  isMetric: boolean,
) {
  if (column.kind !== 'mark' || !markUnit) return 'sec';
  return markUnit === 'height' ? (isMetric ? 'cm' : 'in') : isMetric ? 'm' : `ft'in`;
}

/**
 * The typing grid: a row per attempt, an input per split, total or mark. Enter and ↓ go
 * down the column, Shift+Enter and ↑ up, Tab across (gridNavigation.ts). A cell with a
 * problem turns red and says why underneath, as it is typed.
 */
export function EntryGrid(props: EntryGridProps) {
  const { columns, rows, markUnit, isMetric, onType, onAddAttempt, onRemoveAttempt, onLeaveLast } =
    props;
  const { token } = theme.useToken();
  const tableRef = useRef<HTMLTableElement>(null);
  // The names stay in sight while the grid scrolls sideways (a phone shows a name and one
  // column at a time): without them a coach typing the total saw no one's name.
  const nameColumn = {
    position: 'sticky',
    left: 0,
    // Above a focused input's wrapper (antd raises it to 1).
    zIndex: 2,
    background: token.colorBgElevated,
  } as const;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, row: number, column: number) => {
    if (!moveKeys.includes(event.key)) return;
    event.preventDefault();
    const size = { rows: rows.length, columns: columns.length };
    const target = moveTarget({ row, column }, event.key as MoveKey, event.shiftKey, size);
    if (target === 'save') onLeaveLast();
    else if (target) {
      const input = tableRef.current?.querySelector<HTMLInputElement>(
        `[data-cell="${target.row}:${target.column}"]`,
      );
      // Selected, so that typing replaces a value rather than adding to it.
      input?.focus();
      input?.select();
    }
  };

  return (
    <table
      ref={tableRef}
      style={{ borderCollapse: 'collapse', fontVariantNumeric: 'tabular-nums' }}
    >
      <caption>
        <VisuallyHidden>Results of the session, one row per attempt</VisuallyHidden>
      </caption>
      <thead>
        <tr style={{ borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
          <th scope="col" style={{ ...cellStyle, ...nameColumn, textAlign: 'left', minWidth: 180 }}>
            Athlete
          </th>
          {columns.map((column) => (
            <th key={column.key} scope="col" style={{ ...cellStyle, textAlign: 'left' }}>
              {column.label}
              {column.kind === 'split' && (
                <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
                  {' '}
                  split
                </Typography.Text>
              )}
            </th>
          ))}
          <th scope="col" style={cellStyle}>
            <VisuallyHidden>Attempts</VisuallyHidden>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, rowIndex) => {
          const name = row.attempt > 1 ? `${row.name}, attempt ${row.attempt}` : row.name;
          return (
            <tr key={row.key} style={{ borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
              <th
                scope="row"
                style={{ ...cellStyle, ...nameColumn, textAlign: 'left', fontWeight: 'normal' }}
              >
                <div style={{ paddingTop: 4 }}>
                  {row.attempt > 1 ? (
                    <Typography.Text type="secondary">attempt {row.attempt}</Typography.Text>
                  ) : (
                    row.name
                  )}
                </div>
                {row.rowErrors.map((message) => (
                  <Typography.Text
                    key={message}
                    type="danger"
                    style={{ display: 'block', fontSize: 12 }}
                  >
                    {message}
                  </Typography.Text>
                ))}
              </th>
              {columns.map((column, columnIndex) => {
                const error = row.cellErrors[column.key];
                const errorId = `entry-error-${row.key}-${column.key}`;
                return (
                  <td key={column.key} style={{ ...cellStyle, width: 120 }}>
                    <Input
                      size="small"
                      aria-label={`${name}, ${column.label}`}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId : undefined}
                      data-cell={`${rowIndex}:${columnIndex}`}
                      autoComplete="off"
                      inputMode="decimal"
                      placeholder={placeholderOf(column, markUnit, isMetric)}
                      title={
                        column.kind === 'mark' && markUnit
                          ? markHint(markUnit, isMetric)
                          : undefined
                      }
                      status={error ? 'error' : undefined}
                      value={row.texts[column.key] ?? ''}
                      onChange={(event) => onType(row.key, column.key, event.target.value)}
                      onKeyDown={(event) => onKeyDown(event, rowIndex, columnIndex)}
                      style={{ width: 104, textAlign: 'right' }}
                    />
                    {error && (
                      <Typography.Text
                        id={errorId}
                        type="danger"
                        style={{ display: 'block', fontSize: 12, maxWidth: 160, lineHeight: 1.3 }}
                      >
                        {error}
                      </Typography.Text>
                    )}
                  </td>
                );
              })}
              <td style={cellStyle}>
                {row.attempt === 1 ? (
                  <Tooltip title="Add an attempt">
                    <Button
                      size="small"
                      type="text"
                      icon={<PlusOutlined />}
                      aria-label={`Add an attempt for ${row.name}`}
                      onClick={() => onAddAttempt(row.athleteId)}
                    />
                  </Tooltip>
                ) : (
                  rows[rowIndex + 1]?.athleteId !== row.athleteId && (
                    <Tooltip title="Remove this attempt">
                      <Button
                        size="small"
                        type="text"
                        icon={<MinusOutlined />}
                        aria-label={`Remove ${name}`}
                        onClick={() => onRemoveAttempt(row.athleteId)}
                      />
                    </Tooltip>
                  )
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
