import { theme, type InputNumberProps, type SelectProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { lazyComponent } from '../lib/lazyComponent';
import { OnFirstUse } from './OnFirstUse';

/*
 * antd's Select and InputNumber for the filter bars, loaded on first use rather than with
 * the page (`OnFirstUse`; ~30 KiB over the wire): until then a look-alike read-only field
 * shows the chosen option's label or the number. Forms and tables keep the real
 * components in their chunks.
 */
const loadControls = () => import(/* webpackChunkName: "filter-controls" */ './filterControls');
// One chunk: whichever loads first makes the other ready too (it then renders at once).
const Select = lazyComponent<SelectProps>(async () => {
  const { Select: control } = await loadControls();
  void InputNumber.preload();
  return { default: control };
});
const InputNumber = lazyComponent<InputNumberProps<number>>(async () => {
  const { InputNumber: control } = await loadControls();
  void Select.preload();
  return { default: control };
});

type Option = NonNullable<SelectProps['options']>[number];

/** The label the select shows for `value`: its option's, or none. */
export function labelOf(options: Option[] | undefined, value: unknown): string {
  if (value === null || value === undefined) return '';
  const option = (options ?? []).find((item) => item.value === value);
  return typeof option?.label === 'string' || typeof option?.label === 'number'
    ? String(option.label)
    : '';
}

/** A filter bar's select (antd's `Select` and its props). */
export function FilterSelect(props: SelectProps) {
  const { token } = theme.useToken();
  return (
    <OnFirstUse<SelectProps>
      control={Select}
      props={props}
      onArrival={(opened) => ({ autoFocus: true, defaultOpen: opened || props.defaultOpen })}
      standIn={{
        'aria-label': props['aria-label'],
        placeholder: typeof props.placeholder === 'string' ? props.placeholder : undefined,
        style: { cursor: 'pointer', ...props.style },
        text: labelOf(props.options, props.value),
        icon: <DownOutlined style={{ color: token.colorTextQuaternary, fontSize: 12 }} />,
      }}
    />
  );
}

/** A filter bar's number field (antd's `InputNumber` and its props). */
export function FilterInputNumber(props: InputNumberProps<number>) {
  return (
    <OnFirstUse<InputNumberProps<number>>
      control={InputNumber}
      props={props}
      onArrival={() => ({ autoFocus: true })}
      standIn={{
        'aria-label': props['aria-label'],
        style: props.style,
        text: props.value === null || props.value === undefined ? '' : String(props.value),
      }}
    />
  );
}
