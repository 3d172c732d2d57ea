import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider, useGetIdentity, useTranslate } from 'react-admin';
import { MENU_FIGURE_MENUS } from '../../contract/dashboard';
import { MENU } from '../../contract/menus';
import type { AppDataProvider } from '../../dataProvider';
import { readSession } from '../auth/session';
import { ScreenLoader } from '../components/ScreenLoader';
import { useServerMenu } from '../layout/useServerMenu';
import { MenuTile } from './mainMenu/MenuTile';
import { RecentPages } from './mainMenu/RecentPages';

/** The menus whose tile has a figure: only those show its loading and failed looks. */
const FIGURE_MENU_IDS = new Set<number>(Object.values(MENU_FIGURE_MENUS).map((key) => MENU[key].menuId));

/** `/` (menu 15): the person's modules as tiles with one live figure each, and the pages they opened last. */
export default function MainMenu() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { menu, isPending } = useServerMenu();
  const dataProvider = useDataProvider<AppDataProvider>();
  // one call for every tile; the server answers only the figures of the menus the person has
  const figures = useQuery({ queryKey: ['menu-figures'], queryFn: () => dataProvider.menuFigures(), retry: false, staleTime: 60_000 });
  const userId = readSession()?.user._id;
  const state = figures.isPending ? 'pending' : figures.isError ? 'error' : 'done';
  return (
    <Box sx={{ p: { xs: 1, sm: 3 } }}>
      <Title title={translate('pages.main.title')} />
      <Typography variant="h5" component="h1">
        {translate('pages.main.greeting', { name: identity?.fullName ?? '' })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('pages.main.subtitle')}
      </Typography>
      {userId ? <RecentPages userId={userId} menu={menu} /> : null}
      {isPending ? <ScreenLoader /> : null}
      {!isPending && menu.length === 0 ? <Typography>{translate('menu.no_menu')}</Typography> : null}
      {menu.length ? (
        <Typography variant="subtitle1" component="h2" sx={{ mb: 1, fontWeight: 600 }}>
          {translate('pages.main.modules')}
        </Typography>
      ) : null}
      <Box
        component="nav"
        aria-label={translate('pages.main.title')}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}
      >
        {menu.map((m) => (
          <MenuTile
            key={m.menuId}
            entry={m}
            figure={figures.data?.find((f) => f.menuId === m.menuId)}
            state={FIGURE_MENU_IDS.has(m.menuId) ? state : 'done'}
          />
        ))}
      </Box>
    </Box>
  );
}
