import { useId, type ReactNode } from 'react';
import { Flex, Typography } from 'antd';
import { brand } from '../lib/brand';

interface PageFrameProps {
  /** The page's label from the spec; also the document title. */
  title: string;
  /** Actions at the right of the heading (buttons, toggles). */
  extra?: ReactNode;
  children?: ReactNode;
}

/**
 * The frame of every page: one level-1 heading, optional actions, then the content.
 *
 * @example
 * <PageFrame title={paths.home.athletes.label} extra={<Button>Add athlete</Button>}>
 *   <AthletesTable />
 * </PageFrame>
 */
export function PageFrame({ title, extra, children }: PageFrameProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      {/* React 19 hoists this into <head>. */}
      <title>{`${title} · ${brand.name}`}</title>
      <Flex align="center" justify="space-between" gap={16} wrap style={{ marginBottom: 24 }}>
        <Typography.Title id={headingId} level={1} style={{ margin: 0, fontSize: 24 }}>
          {title}
        </Typography.Title>
        {extra}
      </Flex>
      {children}
    </section>
  );
}
