/**
 * The antd components of the app's first render, evaluated by the boot script in a step
 * of their own, after antd's theme (src/app/uiTheme.ts) and before the rest of the app
 * (src/boot.ts): same chunk group as the app (`app`), so importing this loads all of it,
 * and evaluates only these.
 */
export { Alert, Button, Flex, Space, Spin, Typography } from 'antd';
