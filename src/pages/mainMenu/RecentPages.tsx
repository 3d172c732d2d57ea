import HistoryIcon from '@mui/icons-material/History';
import { Box, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Paper, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { MenuItem } from '../../../contract/auth';
import { MENU } from '../../../contract/menus';
import { readRecentPages } from '../../layout/recentMenus';
import { menuIcon } from '../../layout/menuIcons';

/** The person's ten most recently opened pages, newest first, named in the reader's language; only of the modules they still have. */
export function RecentPages({ userId, menu }: { userId: string; menu: MenuItem[] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const lang = locale === 'en' ? 'en' : 'th';
  const pages = readRecentPages(userId).flatMap((page) => {
    const entry = menu.find((m) => m.menuId === MENU[page.menu].menuId);
    return entry ? [{ page, entry }] : [];
  });
  if (!pages.length) return null;
  return (
    <Box component="nav" aria-label={translate('pages.main.recent')} sx={{ mb: 3 }}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1, fontWeight: 600, display: 'flex', alignItems: 'center', gap: 1 }}>
        <HistoryIcon fontSize="small" color="action" />
        {translate('pages.main.recent')}
      </Typography>
      <Paper variant="outlined">
        <List dense disablePadding data-testid="recent-pages" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {pages.map(({ page, entry }) => {
            const Icon = menuIcon(entry.icon);
            const title = page.titles[lang] ?? entry.menuName;
            return (
              <ListItem key={page.path} disablePadding>
                <ListItemButton component={Link} to={page.path} data-testid="recent-page">
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <Icon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText
                    primary={title}
                    secondary={title === entry.menuName ? undefined : entry.menuName}
                    slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                  />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </Paper>
    </Box>
  );
}
