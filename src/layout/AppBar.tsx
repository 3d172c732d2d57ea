import { Box, Chip } from '@mui/material';
import { AppBar as RaAppBar, Logout, TitlePortal, UserMenu, useGetIdentity, useTranslate } from 'react-admin';
import { FullscreenButton } from './FullscreenButton';
import { LanguageSwitch } from './LanguageSwitch';
import { NotificationBell } from './NotificationBell';
import { SessionsMenuItem } from './SessionsMenuItem';

/** The dark top bar: title, bell, language, fullscreen, the user-name menu with logout. */
export function AppBar() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  return (
    <RaAppBar
      color="secondary"
      toolbar={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <NotificationBell />
          <LanguageSwitch />
          <FullscreenButton />
        </Box>
      }
      userMenu={
        // the button shows the person's name: its accessible name starts with that name (WCAG 2.5.3 label in name)
        <UserMenu label={identity?.fullName ? `${identity.fullName} · ${translate('shell.user_menu')}` : translate('shell.user_menu')}>
          <SessionsMenuItem />
          <Logout />
        </UserMenu>
      }
    >
      <TitlePortal variant="h6" />
      {identity?.subId ? (
        <Chip
          size="small"
          label={translate('shell.contact_badge')}
          sx={{ mx: 1, color: 'inherit', borderColor: 'currentColor' }}
          variant="outlined"
        />
      ) : null}
    </RaAppBar>
  );
}
