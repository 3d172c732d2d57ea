import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Tab, Tabs, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { DsrFormList } from './DsrFormList';
import { DsrRequestList } from './DsrRequestList';
import { MyTasks } from './tasks/MyTasks';

const TABS = ['list', 'form', 'tasks'] as const;

/** `/consents/datasubject/list` (requests) and `/consents/datasubject/form` (request form settings). */
export default function DsrPage() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tab = TABS.find((t) => pathname.endsWith(`/datasubject/${t}`)) ?? 'list';
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate('dsr.title')} />
      {/* the consent module's tabs lead here; this leads back */}
      <Button component={Link} to="/consents/manage/form" size="small" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {translate('consent.tabs.back')}
      </Button>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {translate('dsr.title')}
      </Typography>
      <Tabs value={tab} onChange={(_, t: string) => navigate(`/consents/datasubject/${t}`)} sx={{ mb: 2 }}>
        <Tab value="list" label={translate('dsr.tabs.list')} />
        <Tab value="form" label={translate('dsr.tabs.forms')} />
        <Tab value="tasks" label={translate('dsr.tasks.tab')} />
      </Tabs>
      <Routes>
        <Route path="list" element={<DsrRequestList />} />
        <Route path="form" element={<DsrFormList />} />
        <Route path="tasks" element={<MyTasks />} />
        <Route path="*" element={<Navigate to="/consents/datasubject/list" replace />} />
      </Routes>
    </Box>
  );
}
