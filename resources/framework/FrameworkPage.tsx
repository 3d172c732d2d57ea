import { Box } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { FrameworkList } from './FrameworkList';
import { RequirementDetail } from './RequirementDetail';
import { ScoreHeader } from './ScoreHeader';

/** `/framework`: the PDPA control framework's score and its requirements; `/framework/<id>`: one requirement's drill-down. */
export default function FrameworkPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: { xs: 1, sm: 3 } }}>
      <Title title={translate('framework.title')} />
      <Routes>
        <Route
          index
          element={
            <>
              <ScoreHeader />
              <FrameworkList />
            </>
          }
        />
        <Route path=":id" element={<RequirementDetail />} />
      </Routes>
    </Box>
  );
}
