import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * antd Table's `onRow` for a list whose rows open a page (a report): a click anywhere on
 * the row navigates there, except on a link or button of the row, which acts by itself.
 *
 * @example
 * <ListTable onRow={useRowLink((row) => teamReportPath(row.rosterId, row.date))} … />
 */
export function useRowLink<Row>(pathOf: (row: Row) => string) {
  const navigate = useNavigate();
  return useCallback(
    (row: Row) => ({
      style: { cursor: 'pointer' },
      onClick: (event: React.MouseEvent) => {
        if ((event.target as HTMLElement).closest('a, button')) return;
        void navigate(pathOf(row));
      },
    }),
    [navigate, pathOf],
  );
}
