import { Suspense, useState } from 'react';
import { Input, theme } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import { lazyComponent } from '../lib/lazyComponent';
import type { IsoDatePickerProps } from './DatePicker';

/**
 * The date picker (src/components/DatePicker.tsx) with the code of antd's pickers and
 * moment (~50 KiB over the wire) loaded on first use rather than with the page: the
 * filter bars show their dates on every first visit, and a coach rarely changes them
 * (docs/first-load.md). Until then a look-alike read-only field shows the date;
 * pointing at it (hover, touch) starts loading the picker, and focusing it (click, tap,
 * Tab) swaps in the real picker, focused and so open. Once loaded, every later one
 * renders the real picker at once.
 */
const Picker = lazyComponent(async () => ({
  default: (await import(/* webpackChunkName: "date-picker" */ './DatePicker')).DatePicker,
}));

export function FilterDatePicker(props: Omit<IsoDatePickerProps, 'valueFormat'>) {
  const [loadedAtMount] = useState(Picker.isLoaded);
  const [focused, setFocused] = useState(false);
  const { token } = theme.useToken();
  const standIn = (
    <Input
      readOnly
      aria-label={props['aria-label']}
      placeholder={typeof props.placeholder === 'string' ? props.placeholder : undefined}
      style={props.style}
      value={props.value?.slice(0, 10) ?? ''}
      suffix={<CalendarOutlined style={{ color: token.colorTextQuaternary }} />}
      onPointerEnter={() => void Picker.preload().catch(() => undefined)}
      onTouchStart={() => void Picker.preload().catch(() => undefined)}
      onFocus={() => setFocused(true)}
    />
  );
  if (!loadedAtMount && !focused) return standIn;
  return (
    <Suspense fallback={standIn}>
      <Picker
        {...props}
        autoFocus={focused || props.autoFocus}
        defaultOpen={focused || props.defaultOpen}
      />
    </Suspense>
  );
}
