import { Alert, Box, Button, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { ROPA_STATES, type RopaReportQuery } from '../../contract/ropa';
import type { AppDataProvider } from '../../dataProvider';
import { useNotifyError } from '../../src/components/ErrorToast';
import { ThaiDateInput } from '../../src/components/ThaiDateInput';
import { ROPA_CODES, useRopaChoices } from './ropaUi';

/** `/ropa/report`: the whole register as XLSX (with the processor sheet) or PDF, filtered by department, state and days changed. */
export function RopaReport() {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<AppDataProvider>();
  const choices = useRopaChoices();
  const [filters, setFilters] = useState<Omit<RopaReportQuery, 'format'>>({});
  const [busy, setBusy] = useState<'xlsx' | 'pdf'>();
  const run = async (format: 'xlsx' | 'pdf') => {
    setBusy(format);
    try {
      await dataProvider.exportRopaReport({ format, ...filters });
      notify('ropa.report.done', { type: 'success' });
    } catch (err) {
      notifyError(err, ROPA_CODES.export);
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography variant="subtitle1">{translate('ropa.report.title')}</Typography>
      <Alert severity="info">{translate('ropa.report.hint')}</Alert>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <TextField
          select
          size="small"
          label={translate('ropa.fields.department')}
          value={filters.departmentId ?? ''}
          onChange={(e) => setFilters((f) => ({ ...f, departmentId: e.target.value || undefined }))}
        >
          <MenuItem value="">{translate('ropa.list.all')}</MenuItem>
          {(choices.data?.departments ?? []).map((d) => (
            <MenuItem key={d.id} value={d.id}>
              {d.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={translate('ropa.fields.state')}
          value={filters.state ?? ''}
          onChange={(e) => setFilters((f) => ({ ...f, state: (e.target.value || undefined) as RopaReportQuery['state'] }))}
        >
          <MenuItem value="">{translate('ropa.list.all')}</MenuItem>
          {ROPA_STATES.map((s) => (
            <MenuItem key={s} value={s}>
              {translate(`ropa.states.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <ThaiDateInput
          label={translate('ropa.report.from')}
          value={filters.from ?? null}
          onChange={(from) => setFilters((f) => ({ ...f, from: from ?? undefined }))}
          yearsBack={5}
          yearsAhead={0}
        />
        <ThaiDateInput
          label={translate('ropa.report.to')}
          value={filters.to ?? null}
          onChange={(to) => setFilters((f) => ({ ...f, to: to ?? undefined }))}
          yearsBack={5}
          yearsAhead={0}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="contained" disabled={Boolean(busy)} onClick={() => void run('xlsx')}>
          {translate('ropa.report.xlsx')}
        </Button>
        <Button variant="outlined" disabled={Boolean(busy)} onClick={() => void run('pdf')}>
          {translate('ropa.report.pdf')}
        </Button>
      </Box>
      {busy ? (
        <Box>
          <Typography variant="body2">{translate('ropa.report.exporting')}</Typography>
          <LinearProgress />
        </Box>
      ) : null}
    </Stack>
  );
}
