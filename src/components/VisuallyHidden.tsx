import type { CSSProperties, ReactNode } from 'react';

const hidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/**
 * Text for screen readers only, e.g. the heading of a column of icon buttons; with an
 * `id`, the description of a control (`aria-describedby`).
 *
 * @example
 * <VisuallyHidden>Actions</VisuallyHidden>
 */
export function VisuallyHidden({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <span id={id} style={hidden}>
      {children}
    </span>
  );
}
