// antd's picker styles come with the picker's chunk (scripts/antd-css.ts).
import '../generated/antd-controls.css';
import { DatePicker as AntdDatePicker } from 'antd';
import moment, { type Moment } from 'moment';
import momentGenerateConfig from '@rc-component/picker/generate/moment';
import type { ComponentProps } from 'react';

/** antd's DatePicker on moment instead of dayjs (the app's date library). */
const MomentDatePicker = AntdDatePicker.generatePicker<Moment>(momentGenerateConfig);

type MomentDatePickerProps = ComponentProps<typeof MomentDatePicker>;

export interface IsoDatePickerProps extends Omit<
  MomentDatePickerProps,
  'value' | 'defaultValue' | 'onChange' | 'multiple'
> {
  /** An ISO date (`2025-03-14`) or date-time; `null`/`undefined` for no date. */
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** `date` answers `YYYY-MM-DD`; `datetime` answers a full ISO instant. */
  valueFormat?: 'date' | 'datetime';
}

/**
 * A date picker that takes and returns ISO strings, so the store only ever holds
 * serializable values; moment objects live only inside this component.
 *
 * @example
 * <DatePicker aria-label="Start date" value={filters.startDate} onChange={(startDate) => dispatch(filtersChanged({ startDate }))} />
 */
export function DatePicker({ value, onChange, valueFormat = 'date', ...rest }: IsoDatePickerProps) {
  const parsed = value ? moment(value) : null;
  return (
    <MomentDatePicker
      {...rest}
      value={parsed?.isValid() ? parsed : null}
      onChange={(next: Moment | null) => {
        if (!next) onChange?.(null);
        else onChange?.(valueFormat === 'date' ? next.format('YYYY-MM-DD') : next.toISOString());
      }}
    />
  );
}
