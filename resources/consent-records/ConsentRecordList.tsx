import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Chip, MenuItem, Pagination, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { CONSENT_STATES, type ConsentRow } from '../../contract/consent';
import { EmptyList } from '../../src/components/EmptyList';
import { useNotifyError } from '../../src/components/ErrorToast';
import { formatDate } from '../../src/i18n/dates';
import { CODES, downloadRecordsCsv, fetchForms, fetchRecords, type RecordFilters } from '../consent-notices/consentApi';

const STATE_COLOR = { given: 'success', withdrawn: 'default', reconsent: 'warning' } as const;

function History({ row }: { row: ConsentRow }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
      {row.history.map((h, i) => (
        <Typography component="li" variant="caption" key={i} sx={{ display: 'list-item' }}>
          {formatDate(h.created_dt, locale, true)}:{' '}
          {translate('consent.records.event', { action: translate(`consent.actions.${h.action}`), version: h.version, channel: h.channel, lang: h.lang })}
          {h.explicit ? ` · ${translate('consent.records.explicit')}` : ''}
          {h.guardian ? ` · ${translate('consent.records.guardian', { name: h.guardian.name, relation: h.guardian.relation })}` : ''}
          {' · SHA-256 '}
          <code title={h.textHash}>{h.textHash.slice(0, 12)}…</code>
        </Typography>
      ))}
    </Box>
  );
}

/** `/consents/manage/list`: each subject's consent per purpose, its state and its full history; filters; CSV. */
export function ConsentRecordList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notifyError = useNotifyError();
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [filters, setFilters] = useState<RecordFilters>({});
  const forms = useQuery({ queryKey: ['consent-forms', 'all'], queryFn: () => fetchForms(1) });
  const list = useQuery({ queryKey: ['consent-records', page, filters], queryFn: () => fetchRecords(page, filters), placeholderData: keepPreviousData });
  useEffect(() => {
    if (list.error) notifyError(list.error, CODES.records);
  }, [list.error, notifyError]);
  const rows = list.data?.consentlist ?? [];
  const total = list.data?.totalItem.count ?? 0;
  const filter = (next: RecordFilters) => {
    setPage(1);
    setFilters((f) => ({ ...f, ...next }));
  };
  return (
    <Stack spacing={2}>
      <Box component="form" onSubmit={(e) => (e.preventDefault(), filter({ search: typed.trim() || undefined }))} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <TextField size="small" sx={{ minWidth: 260 }} label={translate('consent.records.search')} value={typed} onChange={(e) => setTyped(e.target.value)} />
        <TextField size="small" select sx={{ minWidth: 200 }} label={translate('consent.records.form')} value={filters.formId ?? ''} onChange={(e) => filter({ formId: e.target.value || undefined })}>
          <MenuItem value="">{translate('consent.records.all_forms')}</MenuItem>
          {(forms.data?.formlist ?? []).filter((f) => f.version).map((f) => (
            <MenuItem key={f._id} value={f._id}>
              {f.projectName}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" select sx={{ minWidth: 180 }} label={translate('consent.records.state')} value={filters.state ?? ''} onChange={(e) => filter({ state: e.target.value || undefined })}>
          <MenuItem value="">{translate('consent.records.all_states')}</MenuItem>
          {CONSENT_STATES.map((s) => (
            <MenuItem key={s} value={s}>
              {translate(`consent.states.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="outlined">
          {translate('common.search')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button startIcon={<DownloadIcon />} onClick={() => downloadRecordsCsv(filters).catch((err) => notifyError(err, CODES.export))}>
          {translate('consent.records.export')}
        </Button>
      </Box>
      {!list.isPending && !rows.length ? (
        <EmptyList searching={Boolean(filters.search || filters.formId || filters.state)} />
      ) : (
        <Table size="small" aria-label={translate('consent.tabs.records')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('common.number')}</TableCell>
              <TableCell>{translate('consent.records.subject')}</TableCell>
              <TableCell>{translate('consent.records.purpose')}</TableCell>
              <TableCell>{translate('consent.records.state')}</TableCell>
              <TableCell>{translate('consent.records.updated')}</TableCell>
              <TableCell>{translate('consent.records.history')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, i) => (
              <TableRow key={row._id} data-testid="consent-record-row" sx={{ verticalAlign: 'top' }}>
                <TableCell>{(page - 1) * 20 + i + 1}</TableCell>
                <TableCell>
                  <Typography variant="body2">{row.name || '-'}</Typography>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {row.subjectId} · {row.email}
                  </Typography>
                </TableCell>
                <TableCell>
                  <Typography variant="body2">{row.purpose}</Typography>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {row.projectName} · {translate('consent.records.version')} {row.version}
                  </Typography>
                </TableCell>
                <TableCell>
                  <Chip size="small" color={STATE_COLOR[row.state]} label={translate(`consent.states.${row.state}`)} />
                </TableCell>
                <TableCell>{formatDate(row.updated_dt, locale, true)}</TableCell>
                <TableCell>
                  <History row={row} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {total > 20 ? <Pagination count={Math.ceil(total / 20)} page={page} onChange={(_e, p) => setPage(p)} /> : null}
    </Stack>
  );
}
