import { Box, Chip, Paper, Tooltip, Typography, type ChipProps } from '@mui/material';
import { Datagrid, FunctionField, Title, useListContext, useLocaleState, useTranslate } from 'react-admin';
import type { AuditEntry } from '../../contract/audit';
import { EmptyList } from '../../src/components/EmptyList';
import { PagedList } from '../../src/components/PagedList';
import { RowNumberField } from '../../src/components/RowNumberField';
import { formatDate } from '../../src/i18n/dates';
import { AuditChanges } from './AuditChanges';
import { AuditFilters, activeFilters } from './AuditFilters';

type Entry = AuditEntry & { id: string };

const ACTION_COLOURS: Record<string, ChipProps['color']> = {
  create: 'success',
  update: 'info',
  delete: 'error',
  export: 'secondary',
  signin: 'default',
  signin_failed: 'warning',
};

function Who({ entry }: { entry: Entry }) {
  const translate = useTranslate();
  if (!entry.username) return <span>{translate('audit.system')}</span>;
  return (
    <Box>
      <Typography variant="body2">{entry.fullName ?? entry.username}</Typography>
      {entry.fullName ? (
        <Typography variant="caption" color="text.secondary">
          {entry.username}
        </Typography>
      ) : null}
    </Box>
  );
}

/** A record id is often a UUID: its start, the whole id in the tooltip. */
function RecordId({ id }: { id: string | null }) {
  if (!id) return null;
  const short = id.length > 13 ? `${id.slice(0, 8)}…` : id;
  return (
    <Tooltip title={id}>
      <Typography variant="body2" component="span" sx={{ fontFamily: 'monospace' }}>
        {short}
      </Typography>
    </Tooltip>
  );
}

function AuditGrid() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { filterValues } = useListContext();
  const searching = Object.keys(activeFilters(filterValues)).length > 0;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Datagrid
        bulkActionButtons={false}
        rowClick={false}
        empty={<EmptyList searching={searching} />}
        sx={{
          '& .RaDatagrid-headerCell, & .column-at, & .column-who, & .column-action, & .column-ip': { whiteSpace: 'nowrap' },
          '& .column-entity': { minWidth: 140 },
        }}
      >
        <RowNumberField label="audit.columns.number" />
        <FunctionField<Entry> source="at" sortable={false} label="audit.columns.at" render={(e) => formatDate(e.at, locale, true)} />
        <FunctionField<Entry> source="who" sortable={false} label="audit.columns.who" render={(e) => <Who entry={e} />} />
        <FunctionField<Entry>
          source="action"
          sortable={false}
          label="audit.columns.action"
          render={(e) => (
            <Chip size="small" color={ACTION_COLOURS[e.action] ?? 'default'} label={translate(`audit.actions.${e.action}`, { _: e.action })} />
          )}
        />
        <FunctionField<Entry> source="entity" sortable={false} label="audit.columns.entity" render={(e) => translate(`audit.entities.${e.entity}`, { _: e.entity })} />
        <FunctionField<Entry> source="recordId" sortable={false} label="audit.columns.record" render={(e) => <RecordId id={e.recordId} />} />
        <FunctionField<Entry> source="changes" sortable={false} label="audit.columns.changes" render={(e) => <AuditChanges entry={e} />} />
        <FunctionField<Entry> source="ip" sortable={false} label="audit.columns.ip" render={(e) => e.ip ?? ''} />
      </Datagrid>
    </Box>
  );
}

/** `/settings/audit`: the company's audit trail, filtered, 20 a page, exported as CSV. */
export default function AuditTrailPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Title title={translate('audit.title')} />
      <Typography variant="h5" component="h1">
        {translate('audit.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('audit.intro')}
      </Typography>
      {/* a wide table scrolls inside the page rather than widening it */}
      <Paper variant="outlined" sx={{ p: 2, minWidth: 0, '& .RaList-main': { minWidth: 0 } }}>
        <PagedList resource="audit-trail" screenCode="AUD#001">
          <AuditFilters />
          <AuditGrid />
        </PagedList>
      </Paper>
    </Box>
  );
}
