import { Suspense, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import type { LazyComponent } from '../lib/lazyComponent';
import { PlainInput } from './PlainInput';

/** What the look-alike field shows until the real control is loaded. */
export interface StandIn {
  /** The value as the control would show it (a date, an option's label, a number). */
  text: string;
  placeholder?: string;
  /** The control's own icon at the end (a calendar, a select's arrow), if it has one. */
  icon?: ReactNode;
  style?: CSSProperties;
  'aria-label'?: string;
}

interface OnFirstUseProps<Props extends object> {
  /** The real control, in a chunk of its own (`lazyComponent`). */
  control: LazyComponent<Props>;
  props: Props;
  /** Props for the real control when it replaces a stand-in the user just reached. */
  onArrival: (opened: boolean) => Partial<Props>;
  standIn: StandIn;
}

const preload = (control: LazyComponent<object>) => void control.preload().catch(() => undefined);

/**
 * A filter bar's control whose code loads on first use rather than with the page
 * (docs/first-load.md): antd's pickers, selects and number fields are ~80 KiB over the
 * wire that the dashboard's first visit does not need to show a few filters a coach
 * rarely changes. Until the control's chunk is there, a read-only antd `Input` that looks
 * the same stands in; pointing at it (hover, touch) starts the download, and reaching it
 * (click, tap, Tab) swaps in the real control, focused, and open when it was clicked or
 * tapped (`onArrival`). Once the chunk is loaded, later controls render at once.
 */
export function OnFirstUse<Props extends object>({
  control: Control,
  props,
  onArrival,
  standIn,
}: OnFirstUseProps<Props>) {
  const [loadedAtMount] = useState(Control.isLoaded);
  const [arrival, setArrival] = useState<Partial<Props> | null>(null);
  const pointerDown = useRef(false);
  const field = (
    <PlainInput
      readOnly
      aria-label={standIn['aria-label']}
      placeholder={standIn.placeholder}
      style={standIn.style}
      value={standIn.text}
      suffix={standIn.icon}
      onPointerEnter={() => preload(Control as LazyComponent<object>)}
      onTouchStart={() => preload(Control as LazyComponent<object>)}
      onPointerDown={() => (pointerDown.current = true)}
      onFocus={() => setArrival(onArrival(pointerDown.current))}
    />
  );
  if (!loadedAtMount && !arrival) return field;
  return (
    <Suspense fallback={field}>
      <Control {...props} {...arrival} />
    </Suspense>
  );
}
