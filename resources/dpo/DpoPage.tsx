import { Box, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Navigate, Route, Routes } from 'react-router-dom';
import { DpoAppointmentForm } from './DpoAppointmentForm';
import { DpoOverview } from './DpoOverview';

/** `/dpo/list` (the current DPO, the s.41 questionnaire, the history) and `/dpo/assing/{dpoId?}` (appoint or edit). */
export default function DpoPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate('dpo.title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('dpo.title')}
      </Typography>
      <Routes>
        <Route path="list" element={<DpoOverview />} />
        <Route path="assing" element={<DpoAppointmentForm />} />
        <Route path="assing/:dpoId" element={<DpoAppointmentForm />} />
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Routes>
    </Box>
  );
}
