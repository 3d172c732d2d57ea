import { Box, Button, Paper, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, Typography, type TypographyProps } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDate } from '../../i18n/dates';
import { LoadFailed } from './LoadFailed';

/** One kept round of a questionnaire (the DPO s.41 check, the ROPA SME exemption): when and by whom. */
export interface QuestionnaireRound {
  _id: string;
  answeredAt: string;
  answeredBy?: string | null;
}

/**
 * A kept-rounds questionnaire's card: the newest round's result with its date and who answered, the
 * earlier rounds as a table, and (for a person who may edit) a new round in its dialog. Texts come from
 * `<texts>.title`, `never`, `answered`, `start`, `again`, `history`, `date`, `result`, `by`.
 */
export function QuestionnaireCard<T extends QuestionnaireRound>({
  query,
  texts,
  canEdit,
  testId,
  titleVariant,
  earlierMax,
  result,
  resultLabel,
  dialog,
}: {
  query: UseQueryResult<T[]>;
  texts: string;
  canEdit: boolean;
  testId: string;
  titleVariant: TypographyProps['variant'];
  /** how many earlier rounds the table shows (all when unset) */
  earlierMax?: number;
  /** the newest round's result */
  result: (latest: T) => ReactNode;
  /** an earlier round's result, in a table cell */
  resultLabel: (round: T) => string;
  /** the dialog of a new round, starting from the newest round's answers */
  dialog: (latest: T | undefined, onClose: () => void) => ReactNode;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [open, setOpen] = useState(false);
  const t = (key: string, options?: Record<string, unknown>) => translate(`${texts}.${key}`, options);
  const latest = query.data?.[0];
  let body: ReactNode;
  if (query.isPending) body = <Skeleton variant="rectangular" height={80} aria-busy="true" />;
  else if (query.error) body = <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  else if (!latest) body = <Typography color="text.secondary">{t('never')}</Typography>;
  else
    body = (
      <Box data-testid={`${testId}-result`}>
        {result(latest)}
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }} data-testid={`${testId}-answered`}>
          {t('answered', { date: formatDate(latest.answeredAt, locale), by: latest.answeredBy ?? '—' })}
        </Typography>
      </Box>
    );
  const earlier = query.data?.slice(1, earlierMax === undefined ? undefined : earlierMax + 1) ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Typography variant={titleVariant} component="h2" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      {body}
      {canEdit ? (
        <Button variant="contained" sx={{ mt: 2 }} onClick={() => setOpen(true)} data-testid={`${testId}-start`}>
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
                  <TableCell>{resultLabel(a)}</TableCell>
                  <TableCell>{a.answeredBy ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ) : null}
      {open ? dialog(latest, () => setOpen(false)) : null}
    </Paper>
  );
}
