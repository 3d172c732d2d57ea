import { Box, Card, CardActionArea, CardContent, Skeleton, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { MenuItem } from '../../../contract/auth';
import type { MenuFigure } from '../../../contract/dashboard';
import { menuIcon } from '../../layout/menuIcons';

/** What a figure shows: its number (or word), what it counts, and a second line that may call for action. */
function useFigureText() {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`pages.main.figures.${key}`, options);
  return (f: MenuFigure): { value: string; label: string; detail?: string; alert: boolean } => {
    const n = f.value.toLocaleString();
    switch (f.key) {
      case 'dsr':
      case 'breach':
        return { value: n, label: t(f.key), detail: t(`${f.key}_detail`, { n: f.detail ?? 0 }), alert: (f.detail ?? 0) > 0 };
      case 'dpo':
        return {
          value: t(f.value ? 'dpo_yes' : 'dpo_no'),
          label: t(f.detail ? 'dpo_informed' : 'dpo_not_informed'),
          alert: !f.value || !f.detail,
        };
      case 'knowledge':
        return { value: `${n} / ${(f.detail ?? 0).toLocaleString()}`, label: t('knowledge'), alert: f.value < (f.detail ?? 0) };
      default:
        return { value: n, label: t(f.key), alert: (f.key === 'ropa' || f.key === 'risk') && f.value > 0 };
    }
  };
}

/**
 * One module of the main menu: its icon and name, and its live figure while it loads (a skeleton),
 * when it came (the number and what it counts) or when it failed (the seed's error text). The tile
 * opens its module in every case.
 */
export function MenuTile({ entry, figure, state }: { entry: MenuItem; figure?: MenuFigure; state: 'pending' | 'error' | 'done' }) {
  const translate = useTranslate();
  const textOf = useFigureText();
  const Icon = menuIcon(entry.icon);
  const shown = figure ? textOf(figure) : undefined;
  return (
    <Card variant="outlined" data-testid={`menu-tile-${entry.menuId}`}>
      <CardActionArea component={Link} to={entry.path} sx={{ height: '100%', alignItems: 'flex-start' }}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <Icon color="primary" sx={{ fontSize: 36, mt: 0.5 }} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
              {entry.menuName}
            </Typography>
            {state === 'pending' ? (
              <Box data-testid="menu-figure-loading" aria-busy="true" aria-label={translate('app.loading')}>
                <Skeleton variant="text" width={60} height={36} />
                <Skeleton variant="text" width={140} />
              </Box>
            ) : state === 'error' ? (
              <Typography variant="body2" color="error" role="alert" data-testid="menu-figure-error" sx={{ mt: 1 }}>
                {translate('errors.generic')}
              </Typography>
            ) : shown ? (
              <Box data-testid="menu-figure">
                <Typography variant="h5" component="p" color={shown.alert ? 'warning.main' : 'primary'} data-testid="menu-figure-value">
                  {shown.value}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {shown.label}
                </Typography>
                {shown.detail ? (
                  <Typography variant="body2" color={shown.alert ? 'error' : 'text.secondary'} data-testid="menu-figure-detail">
                    {shown.detail}
                  </Typography>
                ) : null}
              </Box>
            ) : null}
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
