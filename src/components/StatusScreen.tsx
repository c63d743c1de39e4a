import type { ReactNode } from 'react';
import { Flex, theme } from 'antd';

interface StatusScreenProps {
  /** A large icon above the title. */
  icon: ReactNode;
  title: ReactNode;
  subTitle: ReactNode;
  /** The ways out (buttons, links). */
  extra: ReactNode;
}

/**
 * antd's `Result` layout (icon, title, text, actions; its tokens and sizes) for the
 * screens the app's first chunk holds: the 500 screen and the start-up error. antd's
 * `Result` module carries three illustrations (~9 KiB over the wire) that every page
 * loaded for screens that rarely show; pages in their own chunks (not found, the import
 * wizard) keep `Result`.
 *
 * @example
 * <StatusScreen icon={<CloseCircleFilled />} title="500" subTitle="…" extra={<Button>Go Home</Button>} />
 */
export function StatusScreen({ icon, title, subTitle, extra }: StatusScreenProps) {
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" style={{ padding: '48px 32px', textAlign: 'center' }}>
      <div aria-hidden style={{ fontSize: 72, lineHeight: 1, marginBottom: token.marginLG }}>
        {icon}
      </div>
      <div
        style={{
          color: token.colorTextHeading,
          fontSize: token.fontSizeHeading3,
          lineHeight: token.lineHeightHeading3,
          marginBlock: token.marginXS,
        }}
      >
        {title}
      </div>
      <div style={{ color: token.colorTextDescription, fontSize: token.fontSize, maxWidth: 640 }}>
        {subTitle}
      </div>
      <div style={{ marginTop: token.marginLG }}>{extra}</div>
    </Flex>
  );
}
