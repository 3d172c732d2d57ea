import { Alert, Box, Button, Paper, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { SmeAssessment } from '../../contract/ropaSme';
import type { AppDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/dates';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { LoadFailed } from '../../src/components/LoadFailed';
import { SmeDialog } from './SmeDialog';

/** The result of the SME exemption wizard: may a reduced register be kept, what must still be recorded, when and by whom. */
export function SmeResultBox({ result }: { result: Pick<SmeAssessment, 'size' | 'byStaff' | 'byRevenue' | 'exempt' | 'mustRecord'> }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`ropa.sme.${key}`, options);
  return (
    <Alert severity={result.exempt ? 'success' : 'warning'} role="status">
      <Typography sx={{ fontWeight: 700 }}>{t(result.exempt ? 'exempt' : 'not_exempt')}</Typography>
      <Typography variant="body2">
        {t('size_line', { size: t(`sizes.${result.size}`), staff: t(`sizes.${result.byStaff}`), revenue: t(`sizes.${result.byRevenue}`) })}
      </Typography>
      {result.exempt ? (
        <>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('must_record')}
          </Typography>
          <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="ropa-sme-must">
            {result.mustRecord.map((m) => (
              <li key={m}>
                <Typography variant="body2">{t(`must.${m}`)}</Typography>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <Typography variant="body2">{t('not_exempt_hint')}</Typography>
      )}
    </Alert>
  );
}

/** On the ROPA dashboard: the newest answers' result with its date and who, earlier answers, and a new round. */
export function SmeCard() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const canEdit = useCanEdit('ropa');
  const dataProvider = useDataProvider<AppDataProvider>();
  const query = useQuery({ queryKey: ['ropa-sme'], queryFn: () => dataProvider.smeAssessments() });
  const [open, setOpen] = useState(false);
  const t = (key: string, options?: Record<string, unknown>) => translate(`ropa.sme.${key}`, options);
  const latest = query.data?.[0];
  let body: React.ReactNode;
  if (query.isPending) body = <Skeleton variant="rectangular" height={80} aria-busy="true" />;
  else if (query.error) body = <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  else if (!latest) body = <Typography color="text.secondary">{t('never')}</Typography>;
  else
    body = (
      <Box data-testid="ropa-sme-result">
        <SmeResultBox result={latest} />
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }} data-testid="ropa-sme-answered">
          {t('answered', { date: formatDate(latest.answeredAt, locale), by: latest.answeredBy ?? '—' })}
        </Typography>
      </Box>
    );
  const earlier = query.data?.slice(1, 6) ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="ropa-sme">
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      {body}
      {canEdit ? (
        <Button variant="contained" sx={{ mt: 2 }} onClick={() => setOpen(true)} data-testid="ropa-sme-start">
          {t(latest ? 'again' : 'start')}
        </Button>
      ) : null}
      {earlier.length ? (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2">{t('history')}</Typography>
          <Table size="small" aria-label={t('history')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('date')}</TableCell>
                <TableCell>{t('result')}</TableCell>
                <TableCell>{t('by')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {earlier.map((a) => (
                <TableRow key={a._id}>
                  <TableCell>{formatDate(a.answeredAt, locale)}</TableCell>
                  <TableCell>{t(a.exempt ? 'result_exempt' : 'result_full')}</TableCell>
                  <TableCell>{a.answeredBy ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ) : null}
      {open ? <SmeDialog previous={latest?.answers} onClose={() => setOpen(false)} /> : null}
    </Paper>
  );
}
