import { Drawer } from '@mui/material';
import type { ReactNode } from 'react';

/** A record's side panel: a modal dialog named by its title (the element `titleId`), the phone's width or 520 px. */
export function DialogDrawer({ titleId, onClose, children }: { titleId: string; onClose(): void; children: ReactNode }) {
  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{ paper: { role: 'dialog', 'aria-modal': true, 'aria-labelledby': titleId, sx: { width: { xs: '100%', sm: 520 } } } }}
    >
      {children}
    </Drawer>
  );
}
