import { Box, Paper, Tab, Tabs, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { ResourceListView } from '../../src/resourceViews/ResourceListView';
import { consentObjectivesUi, consentSourcesUi, consentStoresUi } from '../consent-items';
import { ConsentRecordList } from '../consent-records/ConsentRecordList';
import { NoticeBuilder } from './NoticeBuilder';
import { NoticeList } from './NoticeList';

/** The tabs, each a path under /consents (the seed's manage/form and manage/list, and the items). */
const TABS = [
  { path: 'manage/form', label: 'consent.tabs.notices', element: <NoticeList /> },
  { path: 'manage/list', label: 'consent.tabs.records', element: <ConsentRecordList /> },
  { path: 'items/objective', label: 'consent.tabs.objectives', element: <ResourceListView definition={consentObjectivesUi} key="objectives" /> },
  { path: 'items/store', label: 'consent.tabs.stores', element: <ResourceListView definition={consentStoresUi} key="stores" /> },
  { path: 'items/source', label: 'consent.tabs.sources', element: <ResourceListView definition={consentSourcesUi} key="sources" /> },
] as const;

/** `/consents/...`: privacy notices and their builder, consent records, consent items. */
export default function ConsentsPage() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const section = pathname.split('/').slice(2, 4).join('/');
  const current = TABS.some((t) => t.path === section) ? section : pathname.startsWith('/consents/create') ? 'manage/form' : false;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate('consent.title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('consent.title')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', md: 'row' }, alignItems: 'flex-start' }}>
        <Paper variant="outlined" sx={{ flexShrink: 0, width: { xs: '100%', md: 240 } }}>
          <Tabs orientation="vertical" value={current} aria-label={translate('consent.title')} sx={{ '& .MuiTab-root': { alignItems: 'flex-start', textAlign: 'left' } }}>
            {TABS.map((tab) => (
              <Tab key={tab.path} value={tab.path} label={translate(tab.label)} component={Link} to={`/consents/${tab.path}`} />
            ))}
          </Tabs>
        </Paper>
        <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, width: '100%', p: 2 }}>
          <Routes>
            {TABS.map((tab) => (
              <Route key={tab.path} path={tab.path} element={tab.element} />
            ))}
            {/* one route for /create and /create/{formId}: saving a new notice keeps the same screen (no remount) */}
            <Route path="create/*" element={<NoticeBuilder />} />
            <Route path="*" element={<Navigate to="/404" replace />} />
          </Routes>
        </Paper>
      </Box>
    </Box>
  );
}
