import { Button, theme } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { homePath } from '../lib/paths';
import { StatusScreen } from './StatusScreen';

/**
 * A page the member's role may not open, reached by its address: why, and the way home.
 * Shown by `<Permitted denied="page">` (components/Permitted.tsx).
 */
export default function NoAccess({ reason }: { reason: string | null }) {
  const navigate = useNavigate();
  const { token } = theme.useToken();
  return (
    <StatusScreen
      icon={<LockOutlined style={{ color: token.colorTextTertiary }} />}
      title={<h1 style={{ font: 'inherit', margin: 0 }}>You don&apos;t have access</h1>}
      subTitle={reason}
      extra={
        <Button type="primary" onClick={() => void navigate(homePath)}>
          Go Home
        </Button>
      }
    />
  );
}
