import { Alert } from 'antd';

/**
 * The alert above a form for what its fields cannot show (useServerFormErrors'
 * `problems`): one error alert with every message, or nothing when there are none.
 */
export function FormProblems({ problems }: { problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return <Alert type="error" showIcon style={{ marginBottom: 16 }} title={problems.join(' ')} />;
}
