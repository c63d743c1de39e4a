/** The chunk of the filter bars' selects and number fields (src/components/FilterSelect.tsx). */
export { InputNumber, Select } from 'antd';
