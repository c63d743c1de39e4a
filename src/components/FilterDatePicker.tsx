import { theme } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import { lazyComponent } from '../lib/lazyComponent';
import type { IsoDatePickerProps } from './DatePicker';
import { OnFirstUse } from './OnFirstUse';

/**
 * The date picker (src/components/DatePicker.tsx) with the code of antd's pickers and
 * moment (~50 KiB over the wire) loaded on first use rather than with the page
 * (`OnFirstUse`): a look-alike read-only field shows the date until then.
 */
const Picker = lazyComponent(async () => ({
  default: (await import(/* webpackChunkName: "date-picker" */ './DatePicker')).DatePicker,
}));

type FilterDatePickerProps = Omit<IsoDatePickerProps, 'valueFormat'>;

export function FilterDatePicker(props: FilterDatePickerProps) {
  const { token } = theme.useToken();
  return (
    <OnFirstUse<FilterDatePickerProps>
      control={Picker}
      props={props}
      onArrival={(opened) => ({ autoFocus: true, defaultOpen: opened || props.defaultOpen })}
      standIn={{
        'aria-label': props['aria-label'],
        placeholder: typeof props.placeholder === 'string' ? props.placeholder : undefined,
        style: props.style,
        text: props.value?.slice(0, 10) ?? '',
        icon: <CalendarOutlined style={{ color: token.colorTextQuaternary }} />,
      }}
    />
  );
}
