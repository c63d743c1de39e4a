import type { ReactNode } from 'react';
import { Flex, theme, Typography } from 'antd';
import { brand } from '../lib/brand';
import { BrandLogo } from './BrandLogo';

interface CenteredCardProps {
  title: string;
  children?: ReactNode;
}

/**
 * A card in the middle of an empty page with the logo on top, for the pages outside the
 * shell (sign-in, e-mail verification).
 *
 * @example
 * <CenteredCard title="Sign in"><SignInButtons /></CenteredCard>
 */
export function CenteredCard({ title, children }: CenteredCardProps) {
  // antd's Card look from the theme's tokens, without Card: its module brings Tabs, and
  // with them Dropdown and Menu (~25 KiB brotli) onto /login (docs/first-load.md).
  const { token } = theme.useToken();
  return (
    // border-box: the padding inside the screen's height, not 32 px of scroll below it.
    <Flex
      align="center"
      justify="center"
      style={{ boxSizing: 'border-box', minHeight: '100vh', padding: 16 }}
    >
      <title>{`${title} · ${brand.name}`}</title>
      <section
        style={{
          boxSizing: 'border-box',
          width: '100%',
          maxWidth: 420,
          padding: token.paddingLG,
          background: token.colorBgContainer,
          border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
        }}
      >
        <Flex vertical align="center" gap={16}>
          <BrandLogo size={40} />
          <Typography.Title level={1} style={{ margin: 0, fontSize: 22 }}>
            {title}
          </Typography.Title>
          {children}
        </Flex>
      </section>
    </Flex>
  );
}
