import { Button, Space, theme } from 'antd';
import { CloseCircleFilled } from '@ant-design/icons';
import { brand } from '../lib/brand';
import { StatusScreen } from './StatusScreen';

/** The spec's wording of the 500 screen (section 2); do not edit it. */
export const serverErrorText =
  'An unexpected error has occurred. If this error persists, please contact technical support immediately.';

interface ServerErrorScreenProps {
  /** Leaves the broken screen; the caller knows how (router navigation or full reload). */
  onGoHome: () => void;
}

/**
 * The 500 screen shown for any uncaught rendering error.
 *
 * @example
 * <ServerErrorScreen onGoHome={() => navigate(homePath)} />
 */
export function ServerErrorScreen({ onGoHome }: ServerErrorScreenProps) {
  const { token } = theme.useToken();
  return (
    <StatusScreen
      icon={<CloseCircleFilled style={{ color: token.colorError }} />}
      title="500"
      subTitle={serverErrorText}
      extra={
        <Space wrap>
          <Button type="primary" onClick={onGoHome}>
            Go Home
          </Button>
          <Button href={`mailto:${brand.supportEmail}`}>Contact Us</Button>
        </Space>
      }
    />
  );
}
