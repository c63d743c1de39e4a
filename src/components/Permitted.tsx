import { cloneElement, useId, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import { Tooltip } from 'antd';
import { lazyComponent } from '../lib/lazyComponent';
import { splitCall, useMayCall, type ApiCall } from '../lib/permissions';
import { VisuallyHidden } from './VisuallyHidden';

/** "You don't have access": rarely shown, so in a chunk of its own (not on the first load). */
const NoAccess = lazyComponent(() => import(/* webpackChunkName: "no-access" */ './NoAccess'));

/** What a control may be told: antd's buttons, uploads and inputs take all three. */
interface ControlProps {
  disabled?: boolean;
  style?: CSSProperties;
  'aria-describedby'?: string;
}

interface PermittedProps {
  /** The API call the control makes, as contract/permissions.ts spells it. */
  call: ApiCall;
  /** What the control does, for the reason: "add athletes", "open the Store". */
  action: string;
  /**
   * When the member may not: `disable` the control, with a tooltip saying why (the
   * default); `hide` it (showing `fallback` instead); or, for a whole page, show the
   * `page` "You don't have access" with the reason.
   */
  denied?: 'disable' | 'hide' | 'page';
  /** Shown instead of a hidden control (plain text for a link, say); nothing unless told. */
  fallback?: ReactNode;
  /** The control (disabled through its `disabled` prop), or the page. */
  children: ReactElement;
}

/**
 * Renders a control as the member's role allows (lib/permissions.ts, by the one table of
 * contract/permissions.ts): as it is, disabled with a tooltip saying why, or not at all.
 * While the user loads, the control shows disabled (or hidden), never enabled first.
 *
 * The disabled control sits in a focusable wrapper, which takes the tooltip: a disabled
 * button gets no pointer or keyboard events, so it could not show one itself (the
 * wrapper Bootstrap's docs advise). The reason is also the control's accessible
 * description, for screen readers.
 *
 * @example
 * <Permitted call="POST /api/athlete" action="add athletes">
 *   <Button type="primary" onClick={add}>Add athlete</Button>
 * </Permitted>
 * <Permitted call="GET /api/store" action="buy athlete spots" denied="hide">
 *   <Link to={paths.home.store.path}>Buy More</Link>
 * </Permitted>
 */
export function Permitted({
  call,
  action,
  denied = 'disable',
  fallback = null,
  children,
}: PermittedProps) {
  const [method, path] = splitCall(call);
  const { allowed, reason, pending } = useMayCall(method, path, action);
  if (allowed) return children;
  if (denied === 'hide') return pending ? null : fallback;
  if (denied === 'page') return pending ? null : <NoAccess reason={reason} />;
  return (
    <DisabledControl reason={reason}>{children as ReactElement<ControlProps>}</DisabledControl>
  );
}

function DisabledControl({
  reason,
  children,
}: {
  reason: string | null;
  children: ReactElement<ControlProps>;
}) {
  const id = useId();
  const { style, 'aria-describedby': describedBy } = children.props;
  if (!reason) return cloneElement(children, { disabled: true });
  const control = cloneElement(children, {
    disabled: true,
    // The wrapper below takes the pointer: the tooltip shows over the control too.
    style: { ...style, pointerEvents: 'none' },
    'aria-describedby': describedBy ? `${describedBy} ${id}` : id,
  });
  return (
    <Tooltip title={reason} trigger={['hover', 'focus']}>
      <span tabIndex={0} style={{ display: 'inline-block', cursor: 'not-allowed' }}>
        {control}
        <VisuallyHidden id={id}>{reason}</VisuallyHidden>
      </span>
    </Tooltip>
  );
}
