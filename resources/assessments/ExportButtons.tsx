import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import TableViewIcon from '@mui/icons-material/TableView';
import { Box, Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AssessmentDetail } from '../../contract/assessments';
import type { AppDataProvider } from '../../dataProvider';
import { useNotifyError } from '../../src/components/ErrorToast';
import { ASSESSMENT_CODES } from './assessmentUi';

/** The assessment as a PDF (to file and sign on paper) or an XLSX (its answers and risks as rows). */
export function ExportButtons({ assessment }: { assessment: AssessmentDetail }) {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<AppDataProvider>();
  const name = `${assessment.kind}-round-${assessment.round}`;
  const download = useMutation({
    mutationFn: (format: 'pdf' | 'xlsx') => dataProvider.exportAssessment({ id: assessment.id, format, name }),
    onError: (error) => notifyError(error, ASSESSMENT_CODES.export),
  });
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button variant="outlined" size="small" startIcon={<PictureAsPdfIcon />} onClick={() => download.mutate('pdf')} disabled={download.isPending}>
        {translate('assessments.export.pdf')}
      </Button>
      <Button variant="outlined" size="small" startIcon={<TableViewIcon />} onClick={() => download.mutate('xlsx')} disabled={download.isPending}>
        {translate('assessments.export.xlsx')}
      </Button>
    </Box>
  );
}
