import type { ReactNode } from 'react';
import { Alert, Button, Flex, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { describeFailure } from '../../../components/serverErrors';

interface ReportBodyProps {
  /** The table the report was opened from. */
  back: { path: string; label: string };
  /** Set when the address names no report: the sentence that says so. */
  invalid?: string;
  isLoading: boolean;
  error: unknown;
  /** The report's title and description when the API answers 404. */
  notFound: { title: string; description?: string };
  /** Whether a 404 may be worth retrying (a profile being rebuilt); other errors always are. */
  retryNotFound?: boolean;
  onRetry: () => void;
  /** The report, once loaded; absent while it loads or when it failed. */
  children: ReactNode | undefined;
}

/**
 * The athlete and team report pages' body: the link back to their table, then the report,
 * or why there is none (a bad address, loading, not found, failed with a retry).
 */
export function ReportBody(props: ReportBodyProps) {
  const { back, invalid, isLoading, error, notFound, retryNotFound, onRetry, children } = props;
  const missing = (error as { status?: unknown } | undefined)?.status === 404;
  const retry = <Button onClick={onRetry}>Try again</Button>;
  return (
    <>
      <Flex className="no-print" style={{ marginTop: -16, marginBottom: 16 }}>
        <Link to={back.path}>
          <ArrowLeftOutlined aria-hidden /> {back.label}
        </Link>
      </Flex>
      {invalid ? (
        <Alert type="error" showIcon title={invalid} />
      ) : isLoading ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : error && !children ? (
        <Alert
          type="error"
          showIcon
          title={missing ? notFound.title : 'The report could not be loaded.'}
          description={missing ? notFound.description : describeFailure(error)}
          action={missing && !retryNotFound ? undefined : retry}
        />
      ) : (
        children
      )}
    </>
  );
}
