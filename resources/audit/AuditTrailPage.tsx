import { Box, Chip, Paper, Tab, Tabs, Tooltip, Typography, type ChipProps } from '@mui/material';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import { Datagrid, FunctionField, Title, useListContext, useTranslate } from 'react-admin';
import type { AuditEntry } from '../../contract/audit';
import { EmptyList } from '../../src/components/EmptyList';
import { PagedList } from '../../src/components/PagedList';
import { RowNumberField } from '../../src/components/RowNumberField';
import { AuditChanges } from './AuditChanges';
import { AuditFilters, activeFilters } from './AuditFilters';
import { ReadLogList } from './ReadLogList';
import { useEntityName } from './useEntityName';
import { When, caption } from './When';

type Entry = AuditEntry & { id: string };

const ACTION_COLOURS: Record<string, ChipProps['color']> = {
  create: 'success',
  update: 'info',
  delete: 'error',
  export: 'secondary',
  signin: 'default',
  signin_failed: 'warning',
};

/** The person's name (their id in the tooltip), their username and the address they came from. */
function Who({ entry }: { entry: Entry }) {
  const translate = useTranslate();
  return (
    <Box>
      <Tooltip title={entry.userId ? `${translate('audit.label.id')}: ${entry.userId}` : ''} describeChild>
        <Typography variant="body2">{entry.fullName ?? entry.username ?? translate(entry.ip ? 'audit.publicPage' : 'audit.system')}</Typography>
      </Tooltip>
      {entry.fullName ? <Typography {...caption}>{entry.username}</Typography> : null}
      {entry.ip ? <Typography {...caption} sx={{ whiteSpace: 'nowrap' }}>{`${translate('audit.columns.ip')} ${entry.ip}`}</Typography> : null}
    </Box>
  );
}

/**
 * The record type's name; under it the record's name (the server's), or the start of its id when it
 * has none. The whole id is in the tooltip, and is the name's accessible description.
 */
function What({ entry }: { entry: Entry }) {
  const translate = useTranslate();
  const entityName = useEntityName();
  const id = entry.recordId;
  const idText = `${translate('audit.columns.record')}: ${id}`;
  return (
    <Box>
      <Typography variant="body2">{entityName(entry.entity)}</Typography>
      {id ? (
        <Tooltip title={idText} describeChild>
          {entry.recordLabel ? (
            <Typography variant="body2" data-testid="audit-record" sx={{ fontWeight: 500, overflowWrap: 'break-word' }}>
              {entry.recordLabel}
            </Typography>
          ) : (
            <Typography {...caption} data-testid="audit-record" sx={{ fontFamily: 'monospace' }}>
              {id.length > 13 ? `${id.slice(0, 8)}…` : id}
            </Typography>
          )}
        </Tooltip>
      ) : null}
    </Box>
  );
}

function AuditGrid() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const searching = Object.keys(activeFilters(filterValues)).length > 0;
  return (
    // the table's width never counts towards the page's: it scrolls sideways inside it instead
    <Box sx={{ overflowX: 'auto', contain: 'inline-size' }}>
      <Datagrid
        bulkActionButtons={false}
        rowClick={false}
        empty={<EmptyList searching={searching} />}
        sx={{ '& .RaDatagrid-headerCell': { whiteSpace: 'nowrap' }, '& .column-entity': { minWidth: 150 } }}
      >
        <RowNumberField label="audit.columns.number" />
        <FunctionField<Entry> source="at" sortable={false} label="audit.columns.at" render={(e) => <When at={e.at} />} />
        <FunctionField<Entry> source="who" sortable={false} label="audit.columns.who" render={(e) => <Who entry={e} />} />
        <FunctionField<Entry>
          source="action"
          sortable={false}
          label="audit.columns.action"
          render={(e) => (
            <Chip size="small" color={ACTION_COLOURS[e.action] ?? 'default'} label={translate(`audit.actions.${e.action}`, { _: e.action })} />
          )}
        />
        <FunctionField<Entry> source="entity" sortable={false} label="audit.columns.entity" render={(e) => <What entry={e} />} />
        <FunctionField<Entry> source="changes" sortable={false} label="audit.columns.changes" render={(e) => <AuditChanges entry={e} />} />
      </Datagrid>
    </Box>
  );
}

const TABS = [
  { path: '/settings/audit', label: 'audit.reads.changes_tab' },
  { path: '/settings/audit/reads', label: 'audit.reads.tab' },
] as const;

/**
 * `/settings/audit`: the company's audit trail, filtered, 20 a page, exported as CSV; and, on its second
 * tab (`/settings/audit/reads`), who read personal data.
 */
export default function AuditTrailPage() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const reads = pathname.replace(/\/+$/, '') === TABS[1].path;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate('audit.title')} />
      <Typography variant="h5" component="h1">
        {translate('audit.title')}
      </Typography>
      <Tabs value={reads ? 1 : 0} sx={{ mb: 2 }} variant="scrollable" allowScrollButtonsMobile>
        {TABS.map((t) => (
          <Tab key={t.path} label={translate(t.label)} component={Link} to={t.path} />
        ))}
      </Tabs>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Routes>
          <Route path="reads" element={<ReadLogList />} />
          <Route
            path="*"
            element={
              <PagedList resource="audit-trail" screenCode="AUD#001">
                <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                  {translate('audit.intro')}
                </Typography>
                <AuditFilters />
                <AuditGrid />
              </PagedList>
            }
          />
        </Routes>
      </Paper>
    </Box>
  );
}
