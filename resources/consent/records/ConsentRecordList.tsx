import { EmailText } from '../../../src/components/EmailText';
import DownloadIcon from '@mui/icons-material/Download';
import PostAddIcon from '@mui/icons-material/PostAdd';
import {
  Box,
  Button,
  Chip,
  MenuItem,
  Pagination,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { keepPreviousData, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useGetList, useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '../../../contract/http';
import type { AppDataProvider } from '../../../dataProvider';
import { CONSENT_STATES, type ConsentRow } from '../../../contract/consent';
import { ListState } from '../../../src/components/ListState';
import { useNotifyError } from '../../../src/components/ErrorToast';
import { CODES, useNoticeChoices, type RecordFilters } from '../notices/consentApi';
import { CompactDateTime } from './CompactDateTime';
import { ConsentHistoryDrawer } from './ConsentHistoryDrawer';
import { ConsentStateChip } from './ConsentStateChip';
import { StaffConsentDialog } from './StaffConsentDialog';
import { URL_FILTERS } from './definition';
import { listsRecordsMade } from '../../../contract/consent';
import { formatDate } from '../../../i18n/dates';
import { useCanEdit } from '../../../src/auth/useCanEdit';

const COLUMNS = [
  'common.number',
  'consent.records.subject',
  'consent.records.purpose',
  'consent.records.state',
  'consent.records.updated',
  'consent.records.history',
];
/** Narrow side padding: the list shares the width with the menu and the module's tabs. */
const TABLE_SX = { '& .MuiTableCell-root': { px: 1 }, '& .MuiTableCell-head': { fontWeight: 700, whiteSpace: 'nowrap' } } as const;

/** `/consents/manage/list`: each subject's consent per purpose and its state; its full history in a drawer; filters; CSV. */
export function ConsentRecordList() {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  // the dashboard's figures link here with their filter (`?action=given&from=…&to=…`, `?formId=…`)
  const [searchParams] = useSearchParams();
  const [filters, setFilters] = useState<RecordFilters>(() =>
    Object.fromEntries(URL_FILTERS.flatMap((key) => (searchParams.get(key) ? [[key, searchParams.get(key)!]] : []))),
  );
  const [historyOf, setHistoryOf] = useState<ConsentRow | null>(null);
  const [recording, setRecording] = useState(false);
  const canEdit = useCanEdit('consents');
  const dataProvider = useDataProvider<AppDataProvider>();
  const forms = useNoticeChoices();
  const list = useGetList<ConsentRow & RaRecord>(
    'consent-records',
    { pagination: { page, perPage: DEFAULT_PAGE_SIZE }, sort: { field: 'updated_dt', order: 'DESC' }, filter: filters },
    { placeholderData: keepPreviousData, retry: false, onError: (error) => notifyError(error, CODES.records) },
  );
  const exporter = useMutation({ mutationFn: dataProvider.exportConsentRecords, onError: (err) => notifyError(err, CODES.export) });
  const rows = list.data ?? [];
  const total = list.total ?? 0;
  const filter = (next: RecordFilters) => {
    setPage(1);
    setFilters((f) => ({ ...f, ...next }));
  };
  return (
    <Stack spacing={2}>
      <Box
        component="form"
        onSubmit={(e) => (e.preventDefault(), filter({ search: typed.trim() || undefined }))}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
      >
        <TextField
          size="small"
          sx={{ flex: '1 1 280px', maxWidth: 480 }}
          label={translate('consent.records.search')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <TextField
          size="small"
          select
          sx={{ minWidth: 200 }}
          label={translate('consent.records.form')}
          value={filters.formId ?? ''}
          onChange={(e) => filter({ formId: e.target.value || undefined })}
        >
          <MenuItem value="">{translate('consent.records.all_forms')}</MenuItem>
          {(forms.data ?? [])
            .filter((f) => f.version)
            .map((f) => (
              <MenuItem key={f._id} value={f._id}>
                {f.projectName}
              </MenuItem>
            ))}
        </TextField>
        <TextField
          size="small"
          select
          sx={{ minWidth: 180 }}
          label={translate('consent.records.state')}
          value={filters.state ?? ''}
          onChange={(e) => filter({ state: e.target.value || undefined })}
        >
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
        <Button startIcon={<DownloadIcon />} sx={{ ml: 'auto' }} disabled={exporter.isPending} onClick={() => exporter.mutate(filters)}>
          {translate('consent.records.export')}
        </Button>
        {canEdit ? (
          <Button variant="contained" startIcon={<PostAddIcon />} aria-haspopup="dialog" onClick={() => setRecording(true)}>
            {translate('consent.staff.add')}
          </Button>
        ) : null}
      </Box>
      {listsRecordsMade(filters) ? (
        <MadeFilterChip filters={filters} onClear={() => filter({ action: undefined, from: undefined, to: undefined })} />
      ) : filters.expiring ? (
        <FilterChip testId="consent-expiring-filter" label={translate('consent.records.expiring')} onClear={() => filter({ expiring: undefined })} />
      ) : null}
      <ListState list={list} empty={!rows.length} searching={Object.values(filters).some(Boolean)}>
        <TableContainer>
          <Table size="small" aria-label={translate('consent.tabs.records')} sx={TABLE_SX}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((key) => (
                  <TableCell key={key}>{translate(key)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row, i) => (
                <TableRow key={row._id} data-testid="consent-record-row" sx={{ verticalAlign: 'top' }}>
                  <TableCell>{(page - 1) * DEFAULT_PAGE_SIZE + i + 1}</TableCell>
                  <TableCell sx={{ overflowWrap: 'break-word' }}>
                    <Typography variant="body2">{row.name || '-'}</Typography>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {row.subjectId}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" component="div">
                      <EmailText email={row.email} />
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Typography variant="body2">{row.purpose}</Typography>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {/* a narrow cell breaks after the dot: the version stays whole, the dot never starts a line */}
                      {`${row.projectName}\u00a0· `}
                      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                        {translate('consent.records.version')} {row.version}
                      </Box>
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <ConsentStateChip state={row.state} />
                  </TableCell>
                  <TableCell>
                    <CompactDateTime at={row.updated_dt} />
                  </TableCell>
                  <TableCell sx={{ py: 0.5 }}>
                    <Button size="small" aria-haspopup="dialog" sx={{ minWidth: 0, whiteSpace: 'nowrap' }} onClick={() => setHistoryOf(row)}>
                      {translate('consent.records.history_open', { count: row.history.length })}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </ListState>
      {total > DEFAULT_PAGE_SIZE ? <Pagination count={Math.ceil(total / DEFAULT_PAGE_SIZE)} page={page} onChange={(_e, p) => setPage(p)} /> : null}
      {historyOf ? <ConsentHistoryDrawer row={historyOf} onClose={() => setHistoryOf(null)} /> : null}
      <StaffConsentDialog open={recording} onClose={() => setRecording(false)} onSaved={() => void list.refetch()} />
    </Stack>
  );
}

/** The records-made filter a dashboard figure opened the list with (what the rows are), and a way back to the states. */
function MadeFilterChip({ filters, onClear }: { filters: RecordFilters; onClear: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const what = translate(`consent.records.made.${filters.action === 'given' || filters.action === 'withdrawn' ? filters.action : 'any'}`);
  const day = (d?: string) => (d ? formatDate(`${d}T00:00:00+07:00`, locale) : '…');
  const label = filters.from || filters.to ? translate('consent.records.made_period', { what, from: day(filters.from), to: day(filters.to) }) : what;
  return <FilterChip testId="consent-made-filter" label={label} onClear={onClear} />;
}

/** A filter a dashboard figure opened the list with, and a way back to every record. */
function FilterChip({ testId, label, onClear }: { testId: string; label: string; onClear: () => void }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Chip data-testid={testId} color="primary" variant="outlined" label={label} />
      <Button size="small" onClick={onClear}>
        {translate('consent.records.made_clear')}
      </Button>
    </Box>
  );
}
