/**
 * antd's theme machinery (the config provider, its App context, the style provider and
 * their cssinjs and token modules), evaluated by the boot script in a step of its own
 * before the components (src/boot.ts): same chunk group as the app (`app`), so importing
 * this loads all of it, and evaluates only these.
 */
export { StyleProvider } from '@ant-design/cssinjs';
export { App, ConfigProvider, theme } from 'antd';
