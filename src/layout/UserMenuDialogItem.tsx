import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { forwardRef, useState, type ReactNode } from 'react';
import { useTranslate, useUserMenu } from 'react-admin';

/** A user-menu entry that opens a dialog of its own; closing the dialog closes the menu too. */
export const UserMenuDialogItem = forwardRef<HTMLLIElement, { icon: ReactNode; label: string; dialog: (onClose: () => void) => ReactNode }>(
  function UserMenuDialogItem({ icon, label, dialog }, ref) {
    const translate = useTranslate();
    const userMenu = useUserMenu();
    const [open, setOpen] = useState(false);
    return (
      <>
        <MenuItem ref={ref} onClick={() => setOpen(true)}>
          <ListItemIcon>{icon}</ListItemIcon>
          <ListItemText>{translate(label)}</ListItemText>
        </MenuItem>
        {open
          ? dialog(() => {
              setOpen(false);
              userMenu?.onClose();
            })
          : null}
      </>
    );
  },
);
