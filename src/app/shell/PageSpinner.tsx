import { Flex, Spin } from 'antd';

/** Shown while a page's code chunk loads. */
export function PageSpinner() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: 240 }}>
      <Spin size="large" aria-label="Loading page" />
    </Flex>
  );
}
