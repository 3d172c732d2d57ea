import { Alert, Box, Button, Paper, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { DpoAssessment } from '../../contract/dpo';
import { formatDate } from '../../i18n/dates';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { LoadFailed } from '../../src/components/LoadFailed';
import { AssessmentDialog } from './AssessmentDialog';

/** "Do we need a DPO?": the newest answers' result (required or not, why, the fine), earlier answers, and a new round. */
export function AssessmentCard({ query }: { query: UseQueryResult<DpoAssessment[]> }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const canEdit = useCanEdit('dpo');
  const [open, setOpen] = useState(false);
  const t = (key: string, options?: Record<string, unknown>) => translate(`dpo.assessment.${key}`, options);
  const latest = query.data?.[0];
  const amount = (n: number) => n.toLocaleString(locale === 'en' ? 'en-GB' : 'th-TH');

  let body: React.ReactNode;
  if (query.isPending) body = <Skeleton variant="rectangular" height={80} aria-busy="true" />;
  else if (query.error) body = <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  else if (!latest) body = <Typography color="text.secondary">{t('never')}</Typography>;
  else
    body = (
      <Box data-testid="dpo-assessment-result">
        <Alert severity={latest.required ? 'warning' : 'success'} sx={{ mb: 1 }}>
          <Typography sx={{ fontWeight: 700 }}>{t(latest.required ? 'required' : 'not_required')}</Typography>
          {latest.required ? (
            <>
              <Typography variant="body2">{t('because')}:</Typography>
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {latest.reasons.map((r) => (
                  <li key={r}>
                    <Typography variant="body2">{t(`reasons.${r}`)}</Typography>
                  </li>
                ))}
              </ul>
              <Typography variant="body2" sx={{ mt: 1 }}>
                {t('fine', { amount: amount(latest.fineBaht) })}
              </Typography>
            </>
          ) : (
            <Typography variant="body2">{t('not_required_hint')}</Typography>
          )}
        </Alert>
        <Typography variant="caption" color="text.secondary">
          {t('answered', { date: formatDate(latest.answeredAt, locale), by: latest.answeredBy ?? '—' })}
        </Typography>
      </Box>
    );

  const earlier = query.data?.slice(1) ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      {body}
      {canEdit ? (
        <Button variant="contained" sx={{ mt: 2 }} onClick={() => setOpen(true)}>
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
                  <TableCell>{t(a.required ? 'required' : 'not_required')}</TableCell>
                  <TableCell>{a.answeredBy ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ) : null}
      {open ? <AssessmentDialog previous={latest?.answers} onClose={() => setOpen(false)} /> : null}
    </Paper>
  );
}
