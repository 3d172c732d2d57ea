import { Box, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { ScreenLoader } from '../../src/components/ScreenLoader';
import { BreachList } from './BreachList';

const BreachForm = lazy(() => import('./BreachForm'));
const BreachRecordView = lazy(() => import('./BreachRecordView'));

function RecordOrNew() {
  const { dataId } = useParams();
  return dataId ? <BreachRecordView id={dataId} /> : <BreachForm />;
}

/** `/databreach` (the log) and `/databreach/create/{dataId?}` (a new breach, or one breach's record). */
export default function BreachPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate('breach.title')} />
      <Typography variant="h5" component="h1">
        {translate('breach.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('breach.subtitle')}
      </Typography>
      <Suspense fallback={<ScreenLoader />}>
        <Routes>
          <Route index element={<BreachList />} />
          <Route path="create/:dataId?" element={<RecordOrNew />} />
          <Route path="*" element={<Navigate to="/databreach" replace />} />
        </Routes>
      </Suspense>
    </Box>
  );
}
