import type { ReactNode } from 'react';
import { Alert, Button, Skeleton } from 'antd';
import { describeFailure } from '../serverErrors';
import { isAborted, type ListQuery } from './useListQuery';

interface ListStatusProps {
  query: Pick<ListQuery<unknown>, 'currentData' | 'error' | 'isLoading' | 'refetch'>;
  /** The failure's title, e.g. "The athletes could not be loaded." */
  failure: ReactNode;
  /** The way out of the failure; "Try again" (a refetch) unless told. */
  failureAction?: ReactNode;
  /** What stands in for the list on its first load; eight skeleton lines unless told. */
  skeleton?: ReactNode;
  /** The list, once there is something to show (rows, or the table's own empty state). */
  children: ReactNode;
}

/**
 * The states of a list before it has rows to show, one way for every table: the first
 * load is a skeleton; a failure of the current request (its filters, its page) says what
 * failed and offers to try again, instead of the rows of other filters; otherwise the
 * list (whose empty state is the table's `emptyText`). A failed refresh of rows already
 * shown keeps them (the next successful answer replaces them).
 *
 * @example
 * <ListStatus query={query} failure="The athletes could not be loaded."><Table … /></ListStatus>
 */
export function ListStatus({ query, failure, failureAction, skeleton, children }: ListStatusProps) {
  const { currentData, error, isLoading, refetch } = query;
  if (isLoading) return skeleton ?? <Skeleton active title={false} paragraph={{ rows: 8 }} />;
  if (error && !isAborted(error) && currentData === undefined)
    return (
      <Alert
        type="error"
        showIcon
        title={failure}
        description={describeFailure(error)}
        action={failureAction ?? <Button onClick={() => void refetch()}>Try again</Button>}
      />
    );
  return children;
}
