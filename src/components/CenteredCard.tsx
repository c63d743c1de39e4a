import type { ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';
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
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }}>
      <title>{`${title} · ${brand.name}`}</title>
      <Card style={{ width: '100%', maxWidth: 420 }}>
        <Flex vertical align="center" gap={16}>
          <BrandLogo size={40} />
          <Typography.Title level={1} style={{ margin: 0, fontSize: 22 }}>
            {title}
          </Typography.Title>
          {children}
        </Flex>
      </Card>
    </Flex>
  );
}
