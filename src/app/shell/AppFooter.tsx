import { Layout, Typography } from 'antd';
import { brand } from '../../lib/brand';

/** The company line with the current year (spec, section 2). */
export function AppFooter() {
  return (
    <Layout.Footer className="no-print" style={{ textAlign: 'center', padding: '16px 24px' }}>
      <Typography.Text type="secondary">
        © {new Date().getFullYear()} {brand.company}
      </Typography.Text>
    </Layout.Footer>
  );
}
