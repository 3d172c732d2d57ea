import { Alert, Box, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { SheetDetail } from '../../contract/sheets';
import { LoadFailed } from '../../src/components/LoadFailed';
import { ScreenLoader } from '../../src/components/ScreenLoader';
import { useSheetsApi } from './sheetsApi';

export const documentSx = {
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  p: 3,
  bgcolor: 'background.paper',
  '& h1': { fontSize: 22 },
  '& h2': { fontSize: 18 },
  '& mark': { bgcolor: '#fff3a0' },
  '& img': { maxHeight: 60 },
} as const;

/**
 * The document as it prints: its variables filled with the company's live data (a published version as
 * frozen). The HTML comes from the server, sanitized and with every value escaped.
 */
export function SheetPreview({ sheet, version }: { sheet: SheetDetail; version?: number }) {
  const translate = useTranslate();
  const api = useSheetsApi();
  const preview = useQuery({
    queryKey: ['sheets', 'preview', sheet.id, version ?? sheet.version, sheet.updated_dt],
    queryFn: () => api.sheetPreview({ id: sheet.id, version }),
  });
  if (preview.isPending) return <ScreenLoader />;
  if (preview.error) return <LoadFailed error={preview.error} onRetry={() => void preview.refetch()} />;
  const { html, missing, pending } = preview.data;
  return (
    <Stack spacing={1}>
      {missing.length ? <Alert severity="warning">{translate('sheets.edit.missing', { names: missing.join(', ') })}</Alert> : null}
      {pending.length ? <Alert severity="info">{translate('sheets.edit.pending', { names: pending.join(', ') })}</Alert> : null}
      <Box data-testid="sheet-preview" sx={documentSx} dangerouslySetInnerHTML={{ __html: html }} />
    </Stack>
  );
}
