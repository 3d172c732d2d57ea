import { Box, Paper, Tab, Tabs, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link, Navigate, Route, Routes, matchPath, useLocation } from 'react-router-dom';

/**
 * One vertical tab of a module page: a path under the module's base, its label (i18n key), its screen;
 * or a tab leading to another screen of the same menu (`to`, an absolute path), which draws its own page.
 */
export type ModuleTab =
  { path: string; label: string; element: ReactNode; to?: undefined } | { path: string; label: string; to: string; element?: undefined };

/** A screen reached from a tab (an editor, a wizard): its route pattern under the base and the tab it highlights. */
export interface ModuleSubScreen {
  path: string;
  tab: string;
  element: ReactNode;
}

interface Props {
  /** the module's path, e.g. `/risk-management` */
  base: string;
  /** i18n key of the page title */
  title: string;
  tabs: readonly ModuleTab[];
  subScreens?: readonly ModuleSubScreen[];
}

/**
 * A module page as the seed draws risk management: a title, vertical tabs on the left (each a real
 * path under `base`), the current tab's screen on the right; an unknown path under `base` is a 404.
 */
export function TabbedModulePage({ base, title, tabs, subScreens = [] }: Props) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const under = (path: string) => matchPath({ path: `${base}/${path}`, end: true }, pathname);
  const current = tabs.find((t) => under(t.path))?.path ?? subScreens.find((s) => under(s.path))?.tab ?? false;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate(title)} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate(title)}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', md: 'row' }, alignItems: 'flex-start' }}>
        <Paper variant="outlined" sx={{ flexShrink: 0, width: { xs: '100%', md: 240 } }}>
          <Tabs
            orientation="vertical"
            value={current}
            aria-label={translate(title)}
            sx={{ '& .MuiTab-root': { alignItems: 'flex-start', textAlign: 'left' } }}
          >
            {tabs.map((tab) => (
              <Tab key={tab.path} value={tab.path} label={translate(tab.label)} component={Link} to={tab.to ?? `${base}/${tab.path}`} />
            ))}
          </Tabs>
        </Paper>
        <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, width: '100%', p: 2 }}>
          <Routes>
            {[...tabs.filter((t) => !t.to), ...subScreens].map((screen) => (
              <Route key={screen.path} path={screen.path} element={screen.element} />
            ))}
            <Route path="*" element={<Navigate to="/404" replace />} />
          </Routes>
        </Paper>
      </Box>
    </Box>
  );
}
