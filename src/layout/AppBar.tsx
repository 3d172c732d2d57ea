import { Box, Chip } from '@mui/material';
import { AppBar as RaAppBar, Logout, TitlePortal, UserMenu, useGetIdentity, useTranslate } from 'react-admin';
import { FullscreenButton } from './FullscreenButton';
import { LanguageSwitch } from './LanguageSwitch';
import { NotificationBell } from './NotificationBell';
import { PasskeysMenuItem } from './PasskeysMenuItem';
import { SessionsMenuItem } from './SessionsMenuItem';

/**
 * On a phone the bar's title shares 390 px with the bell, the language and the user menu: it takes two
 * smaller lines there (ended by "…" if longer still) instead of one line cut under the bell.
 */
const PHONE_TITLE = {
  minWidth: 0,
  mr: 1,
  fontSize: { xs: '0.95rem', sm: undefined },
  lineHeight: { xs: 1.25, sm: undefined },
  whiteSpace: { xs: 'normal', sm: 'nowrap' },
  display: { xs: '-webkit-box', sm: 'block' },
  WebkitLineClamp: { xs: 2, sm: 'unset' },
  WebkitBoxOrient: 'vertical',
  overflowWrap: 'anywhere',
} as const;

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
          <PasskeysMenuItem />
          <Logout />
        </UserMenu>
      }
    >
      <TitlePortal variant="h6" sx={PHONE_TITLE} />
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
