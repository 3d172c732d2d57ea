import { Box, Card, CardActionArea, CardContent, Chip, Stack, Typography } from '@mui/material';
import { Title, useGetIdentity, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { menuIcon } from '../layout/menuIcons';
import { readRecentMenuIds } from '../layout/recentMenus';
import { useServerMenu } from '../layout/useServerMenu';
import { ScreenLoader } from '../components/ScreenLoader';

/** `/`: a tile per menu the user's role has, and the recently used ones as shortcuts. */
export default function MainMenu() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { menu, isPending } = useServerMenu();
  const recent = readRecentMenuIds()
    .map((id) => menu.find((m) => m.menuId === id))
    .filter((m) => m !== undefined);
  return (
    <Box sx={{ p: { xs: 1, sm: 3 } }}>
      <Title title={translate('pages.main.title')} />
      <Typography variant="h5" component="h1">
        {translate('pages.main.greeting', { name: identity?.fullName ?? '' })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('pages.main.subtitle')}
      </Typography>
      {recent.length ? (
        <Box sx={{ mb: 3 }} component="nav" aria-label={translate('menu.recent')}>
          <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
            {translate('menu.recent')}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {recent.map((m) => {
              const Icon = menuIcon(m.icon);
              return <Chip key={m.menuId} icon={<Icon />} label={m.menuName} component={Link} to={m.path} clickable />;
            })}
          </Stack>
        </Box>
      ) : null}
      {isPending ? <ScreenLoader /> : null}
      {!isPending && menu.length === 0 ? <Typography>{translate('menu.no_menu')}</Typography> : null}
      <Box
        component="nav"
        aria-label={translate('pages.main.title')}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}
      >
        {menu.map((m) => {
          const Icon = menuIcon(m.icon);
          return (
            <Card key={m.menuId} variant="outlined">
              <CardActionArea component={Link} to={m.path} sx={{ height: '100%' }}>
                <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                  <Icon color="primary" sx={{ fontSize: 36 }} />
                  <Typography variant="subtitle1">{m.menuName}</Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          );
        })}
      </Box>
    </Box>
  );
}
