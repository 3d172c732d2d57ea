import DownloadIcon from '@mui/icons-material/Download';
import { Button, Chip } from '@mui/material';
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
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { DSR_STATUS, DSR_STATUS_KEYS, type DsrRequestRow } from '../../contract/dsr';
import type { AppDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/dates';
import { EmptyList } from '../../src/components/EmptyList';
import { useNotifyError } from '../../src/components/ErrorToast';
import { CheckboxFilter, ListFilters } from '../../src/components/ListFilters';
import { PagedList, isFiltered, rowsWith } from '../../src/components/PagedList';
import type { DsrListFilter } from './definition';
import { DsrAssigneeCell, DsrRightsCell, DsrStatusCell, DsrSubjectCell } from './DsrRequestCells';
import { DsrDatesCell } from './DsrDatesCell';
import { DsrRequestDrawer } from './DsrRequestDrawer';
import { DsrIntakeButton } from './DsrIntakeDialog';
import { SCREEN } from './dsrApi';

type RequestRow = DsrRequestRow & RaRecord;

const GRID_SX = {
  '& th, & td': { px: 1.5 },
  '& th': { fontWeight: 700, whiteSpace: 'nowrap' },
  '& td': { verticalAlign: 'top' },
  '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
} as const;

/** Each request a row; a click opens its drawer. */
function DsrRequestGrid({ onOpen }: { onOpen: (id: string) => void }) {
  const { filterValues } = useListContext();
  return (
    <Datagrid
      bulkActionButtons={false}
      rowClick={(_id, _resource, record) => (onOpen((record as RequestRow)._id), false)}
      body={rowsWith((r) => ({ 'data-testid': `dsr-row-${(r as RequestRow).referenceCode}` }))}
      empty={isFiltered(filterValues) ? <EmptyList searching /> : <EmptyList text="dsr.list.empty" hint="dsr.list.empty_hint" />}
      sx={GRID_SX}
    >
      <FunctionField<RequestRow>
        label="dsr.list.columns.reference"
        sortable={false}
        sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', whiteSpace: 'nowrap' }}
        render={(r) => r.referenceCode}
      />
      <FunctionField<RequestRow>
        label="dsr.list.columns.subject"
        sortable={false}
        sx={{ minWidth: 170 }}
        render={(r) => <DsrSubjectCell row={r} />}
      />
      <FunctionField<RequestRow>
        label="dsr.list.columns.rights"
        sortable={false}
        sx={{ minWidth: 160, maxWidth: 280, display: 'block' }}
        render={(r) => <DsrRightsCell row={r} />}
      />
      <FunctionField<RequestRow> label="dsr.list.columns.status" sortable={false} render={(r) => <DsrStatusCell row={r} />} />
      <FunctionField<RequestRow>
        label="dsr.list.columns.dates"
        sortable={false}
        render={(r) => (
          <div data-testid="dsr-clock">
            <DsrDatesCell row={r} />
          </div>
        )}
      />
      <FunctionField<RequestRow>
        label="dsr.list.columns.assignee"
        sortable={false}
        sx={{ minWidth: 96, display: 'block' }}
        render={(r) => <DsrAssigneeCell row={r} />}
      />
    </Datagrid>
  );
}

/**
 * The dashboard's figures and notifications link here with their filter (`?statusId=3`, `?overdue=true`,
 * `?open=true`, `?dueSoon=true`, `?from=2026-01-01&to=2026-01-31` received, `?search=<reference>`).
 */
const LINK_FILTERS = {
  statusId: Object.values(DSR_STATUS),
  overdue: 'flag',
  open: 'flag',
  dueSoon: 'flag',
  from: 'text',
  to: 'text',
  search: 'text',
} as const;

/** The period a dashboard figure counts in (`from`/`to`, received), shown as a chip the reader can remove. */
function ReceivedPeriodChip() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { filterValues, setFilters } = useListContext();
  const { from, to } = filterValues as DsrListFilter;
  if (!from && !to) return null;
  const day = (d: string) => formatDate(d, locale);
  const text = `${translate('dsr.list.received_from')} ${from ? day(from) : '…'} ${translate('dsr.list.received_to')} ${to ? day(to) : '…'}`;
  return (
    <Chip
      data-testid="dsr-received-period"
      label={text}
      onDelete={() => {
        const { from: _from, to: _to, ...rest } = filterValues;
        setFilters(rest, {});
      }}
    />
  );
}

/** The CSV of what the list shows (its filters). */
function ExportButton() {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { filterValues } = useListContext();
  const exporter = useMutation({ mutationFn: dataProvider.exportDsrRequests, onError: (err) => notifyError(err, SCREEN.export) });
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      disabled={exporter.isPending}
      onClick={() => exporter.mutate(filterValues as DsrListFilter)}
    >
      {translate('dsr.list.export')}
    </Button>
  );
}

/** `/consents/datasubject/list`: the requests, newest first, with their state and 30-day clock. */
export function DsrRequestList() {
  const [openId, setOpenId] = useState<string | null>(null);
  const statuses = DSR_STATUS_KEYS.map((key) => ({ id: DSR_STATUS[key], name: `dsr.status.${key}` }));
  return (
    <>
      <PagedList
        resource="dsr-requests"
        screenCode={SCREEN.list}
        sort={{ field: 'receivedAt', order: 'DESC' }}
        linkFilters={LINK_FILTERS}
        syncWithLocation
        tools={{ export: true, savedFilters: true, what: 'dsr.tabs.list' }}
      >
        <ListFilters
          actions={
            <>
              <ReceivedPeriodChip />
              <ExportButton />
              <DsrIntakeButton />
            </>
          }
        >
          <TextInput
            source="search"
            label="dsr.list.search"
            helperText={false}
            resettable={false}
            // as wide as its label in either language
            sx={{ minWidth: { xs: '100%', sm: 300 } }}
          />
          <SelectInput
            source="statusId"
            label="dsr.list.filter_status"
            choices={statuses}
            emptyText="dsr.list.all_states"
            helperText={false}
            sx={{ minWidth: 200 }}
          />
          <CheckboxFilter source="open" label="dsr.list.open_only" />
          <CheckboxFilter source="overdue" label="dsr.list.overdue_only" />
          <CheckboxFilter source="dueSoon" label="dsr.list.due_soon_only" />
        </ListFilters>
        <DsrRequestGrid onOpen={setOpenId} />
      </PagedList>
      {openId ? <DsrRequestDrawer requestId={openId} onClose={() => setOpenId(null)} /> : null}
    </>
  );
}
