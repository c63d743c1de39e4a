/** The chunk of the filter bars' selects and number fields (src/components/FilterSelect.tsx). */
// Their styles come with them (scripts/antd-css.ts).
import '../generated/antd-controls.css';

export { InputNumber, Select } from 'antd';
