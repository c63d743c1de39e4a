import { Alert, Typography } from 'antd';

/**
 * A credential the server shows only once (a new API key, a webhook's signing secret):
 * a warning that says so and what to do if it is lost, then the value with a copy button.
 */
export function ShownOnce({
  value,
  label,
  warning,
  ifLost,
}: {
  value: string;
  /** The value's accessible name, e.g. "New API key". */
  label: string;
  warning: string;
  ifLost: string;
}) {
  return (
    <>
      <Alert
        type="warning"
        showIcon
        title={warning}
        description={ifLost}
        style={{ marginBottom: 16 }}
      />
      <Typography.Paragraph
        copyable={{ text: value }}
        code
        aria-label={label}
        style={{ wordBreak: 'break-all', fontSize: 15 }}
      >
        {value}
      </Typography.Paragraph>
    </>
  );
}
