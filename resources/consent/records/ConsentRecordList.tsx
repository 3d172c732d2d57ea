import { EmailText } from '../../../src/components/EmailText';
import DownloadIcon from '@mui/icons-material/Download';
import PostAddIcon from '@mui/icons-material/PostAdd';
import { Box, Button, Chip, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Datagrid,
  FunctionField,
  SelectInput,
  TextInput,
  useDataProvider,
  useListContext,
  useLocaleState,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { AppDataProvider } from '../../../dataProvider';
import { CONSENT_STATES, type ConsentRow } from '../../../contract/consent';
import { useNotifyError } from '../../../src/components/ErrorToast';
import type { LinkFilter } from '../../../src/components/LinkFilters';
import { ListFilters } from '../../../src/components/ListFilters';
import { ListLooks, PagedList, rowsWith } from '../../../src/components/PagedList';
import { RowNumberField } from '../../../src/components/RowNumberField';
import { CODES, useNoticeChoices, type RecordFilters } from '../notices/consentApi';
import { CompactDateTime } from './CompactDateTime';
import { ConsentHistoryDrawer } from './ConsentHistoryDrawer';
import { ConsentStateChip } from './ConsentStateChip';
import { StaffConsentDialog } from './StaffConsentDialog';
import { URL_FILTERS } from './definition';
import { listsRecordsMade } from '../../../contract/consent';
import { formatDate } from '../../../i18n/dates';
import { useCanEdit } from '../../../src/auth/useCanEdit';

/** Narrow side padding: the list shares the width with the menu and the module's tabs. */
const GRID_SX = {
  '& .MuiTableCell-root': { px: 1 },
  '& .MuiTableCell-head': { fontWeight: 700, whiteSpace: 'nowrap' },
  '& .MuiTableCell-body': { verticalAlign: 'top' },
} as const;

function ConsentRecordGrid({ onHistory }: { onHistory: (row: ConsentRow) => void }) {
  const translate = useTranslate();
  return (
    <Datagrid
      bulkActionButtons={false}
      rowClick={false}
      body={rowsWith(() => ({ 'data-testid': 'consent-record-row' }))}
      empty={<ListLooks />}
      sx={GRID_SX}
    >
      <RowNumberField label="common.number" />
      <FunctionField<ConsentRow>
        label="consent.records.subject"
        sortable={false}
        sx={{ overflowWrap: 'break-word' }}
        render={(row) => (
          <>
            <Typography variant="body2">{row.name || '-'}</Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              {row.subjectId}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              <EmailText email={row.email} />
            </Typography>
          </>
        )}
      />
      <FunctionField<ConsentRow>
        label="consent.records.purpose"
        sortable={false}
        render={(row) => (
          <>
            <Typography variant="body2">{row.purpose}</Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              {/* a narrow cell breaks after the dot: the version stays whole, the dot never starts a line */}
              {`${row.projectName}\u00a0· `}
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {translate('consent.records.version')} {row.version}
              </Box>
            </Typography>
          </>
        )}
      />
      <FunctionField<ConsentRow> label="consent.records.state" sortable={false} render={(row) => <ConsentStateChip state={row.state} />} />
      <FunctionField<ConsentRow> label="consent.records.updated" sortable={false} render={(row) => <CompactDateTime at={row.updated_dt} />} />
      <FunctionField<ConsentRow>
        label="consent.records.history"
        sortable={false}
        render={(row) => (
          <Button size="small" aria-haspopup="dialog" sx={{ minWidth: 0, whiteSpace: 'nowrap' }} onClick={() => onHistory(row)}>
            {translate('consent.records.history_open', { count: row.history.length })}
          </Button>
        )}
      />
    </Datagrid>
  );
}

/** The CSV of what the list shows (its filters), and recording a consent on paper. */
function RecordActions({ onRecord }: { onRecord: () => void }) {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const canEdit = useCanEdit('consents');
  const dataProvider = useDataProvider<AppDataProvider>();
  const { filterValues } = useListContext();
  const exporter = useMutation({ mutationFn: dataProvider.exportConsentRecords, onError: (err) => notifyError(err, CODES.export) });
  return (
    <>
      <Button startIcon={<DownloadIcon />} disabled={exporter.isPending} onClick={() => exporter.mutate(filterValues as RecordFilters)}>
        {translate('consent.records.export')}
      </Button>
      {canEdit ? (
        <Button variant="contained" startIcon={<PostAddIcon />} aria-haspopup="dialog" onClick={onRecord}>
          {translate('consent.staff.add')}
        </Button>
      ) : null}
    </>
  );
}

/** The filter a dashboard figure opened the list with (records made, or falling due), and a way back to every record. */
function LinkedFilter() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const filters = filterValues as RecordFilters;
  const clear = (...keys: (keyof RecordFilters)[]) =>
    setFilters(Object.fromEntries(Object.entries(filters).filter(([key]) => !keys.includes(key as keyof RecordFilters))));
  if (listsRecordsMade(filters)) return <MadeFilterChip filters={filters} onClear={() => clear('action', 'from', 'to')} />;
  if (filters.expiring)
    return <FilterChip testId="consent-expiring-filter" label={translate('consent.records.expiring')} onClear={() => clear('expiring')} />;
  return null;
}

/** The dashboard's figures link here with their filter (`?action=given&from=…&to=…`, `?formId=…`). */
const LINK_FILTERS: Record<string, LinkFilter> = Object.fromEntries(URL_FILTERS.map((key) => [key, 'text']));

/** `/consents/manage/list`: each subject's consent per purpose and its state; its full history in a drawer; filters; CSV. */
export function ConsentRecordList() {
  const refresh = useRefresh();
  const [historyOf, setHistoryOf] = useState<ConsentRow | null>(null);
  const [recording, setRecording] = useState(false);
  const forms = useNoticeChoices();
  const formChoices = (forms.data ?? []).filter((f) => f.version).map((f) => ({ id: f._id, name: f.projectName }));
  const states = CONSENT_STATES.map((s) => ({ id: s, name: `consent.states.${s}` }));
  return (
    <>
      <PagedList
        resource="consent-records"
        screenCode={CODES.records}
        sort={{ field: 'updated_dt', order: 'DESC' }}
        linkFilters={LINK_FILTERS}
        syncWithLocation
      >
        <ListFilters searchButton actions={<RecordActions onRecord={() => setRecording(true)} />}>
          <TextInput source="search" label="consent.records.search" helperText={false} resettable={false} sx={{ flex: '1 1 280px', maxWidth: 480 }} />
          <SelectInput
            source="formId"
            label="consent.records.form"
            choices={formChoices}
            translateChoice={false}
            emptyText="consent.records.all_forms"
            helperText={false}
            sx={{ minWidth: 200 }}
          />
          <SelectInput
            source="state"
            label="consent.records.state"
            choices={states}
            emptyText="consent.records.all_states"
            helperText={false}
            sx={{ minWidth: 180 }}
          />
        </ListFilters>
        <LinkedFilter />
        <ConsentRecordGrid onHistory={setHistoryOf} />
      </PagedList>
      {historyOf ? <ConsentHistoryDrawer row={historyOf} onClose={() => setHistoryOf(null)} /> : null}
      <StaffConsentDialog open={recording} onClose={() => setRecording(false)} onSaved={refresh} />
    </>
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
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
      <Chip data-testid={testId} color="primary" variant="outlined" label={label} />
      <Button size="small" onClick={onClear}>
        {translate('consent.records.made_clear')}
      </Button>
    </Box>
  );
}
