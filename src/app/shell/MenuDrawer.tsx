import type { ReactNode } from 'react';
import { Drawer } from 'antd';

interface MenuDrawerProps {
  open: boolean;
  onClose: () => void;
  width: number;
  title: ReactNode;
  children: ReactNode;
}

/**
 * The side menu of a narrow screen, sliding in from the left. A chunk of its own (antd's
 * Drawer) off every page's first load: asked for when a finger presses the menu button
 * (or it gets focus), mounted at the first opening (AppShell).
 */
export default function MenuDrawer({ open, onClose, width, title, children }: MenuDrawerProps) {
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={onClose}
      size={width}
      closable={false}
      title={title}
      aria-label="Menu"
      styles={{ header: { padding: 0, borderBottom: 'none' }, body: { padding: 0 } }}
    >
      {children}
    </Drawer>
  );
}
