import { Alert, Box, Button, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { ROPA_STATES, type RopaReportProgress, type RopaReportQuery } from '../../contract/ropa';
import type { AppDataProvider } from '../../dataProvider';
import { useNotifyError } from '../../src/components/ErrorToast';
import { ThaiDateInput } from '../../src/components/ThaiDateInput';
import { randomKey } from '../consent/notices/public/submissionKeys';
import { ROPA_CODES, useRopaChoices } from './ropaUi';

/** How often the screen asks how far an export is. */
const POLL_MS = 400;

/** `/ropa/report`: the whole register as XLSX (with the processor sheet) or PDF, filtered by department, state and days changed. */
export function RopaReport() {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<AppDataProvider>();
  const choices = useRopaChoices();
  const [filters, setFilters] = useState<Omit<RopaReportQuery, 'format'>>({});
  const [busy, setBusy] = useState<'xlsx' | 'pdf'>();
  const [progress, setProgress] = useState<RopaReportProgress>();
  const run = async (format: 'xlsx' | 'pdf') => {
    // the export is followed under a key of our own: the server keeps how many activities it has written
    const job = randomKey();
    let following = true;
    const follow = async () => {
      while (following) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        if (!following) return;
        try {
          const p = await dataProvider.ropaReportProgress({ job });
          if (following) setProgress(p);
        } catch (err) {
          // 404 until the server has counted the register: the bar waits, undetermined
          if ((err as { status?: number }).status !== 404) return;
        }
      }
    };
    setBusy(format);
    setProgress(undefined);
    void follow();
    try {
      await dataProvider.exportRopaReport({ format, ...filters, job });
      notify('ropa.report.done', { type: 'success' });
    } catch (err) {
      notifyError(err, ROPA_CODES.export);
    } finally {
      following = false;
      setBusy(undefined);
    }
  };
  const percent = progress?.total ? Math.round((100 * progress.done) / progress.total) : undefined;
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
          <Typography variant="body2" data-testid="ropa-export-progress">
            {progress && percent !== undefined
              ? translate('ropa.report.progress', { done: progress.done, total: progress.total, percent })
              : translate('ropa.report.exporting')}
          </Typography>
          {percent !== undefined ? (
            <LinearProgress variant="determinate" value={percent} aria-label={translate('ropa.report.exporting')} />
          ) : (
            <LinearProgress aria-label={translate('ropa.report.exporting')} />
          )}
        </Box>
      ) : null}
    </Stack>
  );
}
