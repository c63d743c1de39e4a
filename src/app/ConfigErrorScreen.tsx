import { Button, Flex, Space, Typography, theme } from 'antd';
import { ExclamationCircleFilled } from '@ant-design/icons';
import { StatusScreen } from '../components/StatusScreen';
import { brand } from '../lib/brand';

interface ConfigErrorScreenProps {
  error: unknown;
  onRetry: () => void;
}

/** Shown instead of a blank page when `/config.json` cannot be loaded at start. */
export function ConfigErrorScreen({ error, onRetry }: ConfigErrorScreenProps) {
  const { token } = theme.useToken();
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }}>
      <StatusScreen
        icon={<ExclamationCircleFilled style={{ color: token.colorWarning }} />}
        title={`${brand.name} could not start`}
        subTitle="The app could not load its configuration. Check your connection and try again; if this keeps happening, contact us."
        extra={
          <Flex vertical align="center" gap={16}>
            <Space wrap>
              <Button type="primary" onClick={onRetry}>
                Try again
              </Button>
              <Button href={`mailto:${brand.supportEmail}`}>Contact Us</Button>
            </Space>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {error instanceof Error ? error.message : String(error)}
            </Typography.Text>
          </Flex>
        }
      />
    </Flex>
  );
}
