/**
 * antd's `Input` without its statics (`Input.Search`, `Input.Password`, `Input.OTP`,
 * `Input.Group`): importing `Input` from 'antd' brings their modules and icons (~5 KiB
 * over the wire), which the dashboard's first page does not use (docs/first-load.md).
 * The same component and props; antd ships this module (its `es/` build) and its types.
 * If an antd release moves it, import `Input` from 'antd' here instead.
 */
export { default as PlainInput } from 'antd/es/input/Input';
