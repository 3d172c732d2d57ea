import AddIcon from '@mui/icons-material/Add';
import { Button, Chip, Link } from '@mui/material';
import { Datagrid, FunctionField, SelectInput, TextInput, useListContext, useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { BREACH_STATUSES, type BreachRow } from '../../contract/breach';
import { formatDate } from '../../i18n/dates';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { EmptyList } from '../../src/components/EmptyList';
import { CheckboxFilter, ListFilters } from '../../src/components/ListFilters';
import { PagedList, isFiltered, rowsWith } from '../../src/components/PagedList';
import { ClockChip, RiskChip, StatusChip } from './BreachChips';
import { SCREEN } from './screens';

/** The dashboard's figures link here with their filter (`?open=true`, `?status=assessing`, `?notified=true&from=…&to=…`). */
const LINK_FILTERS = { status: BREACH_STATUSES, open: 'flag', notified: 'flag', from: 'text', to: 'text' } as const;

/** The period a dashboard figure counts in (`from`/`to`, aware), as a chip the reader can remove. */
function AwarePeriodChip() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { filterValues, setFilters } = useListContext();
  const { from, to } = filterValues as { from?: string; to?: string };
  if (!from && !to) return null;
  return (
    <Chip
      data-testid="breach-aware-period"
      label={translate('breach.aware_period', { from: from ? formatDate(from, locale) : '…', to: to ? formatDate(to, locale) : '…' })}
      onDelete={() => {
        const { from: _from, to: _to, ...rest } = filterValues;
        setFilters(rest, {});
      }}
    />
  );
}

function BreachGrid() {
  const [locale] = useLocaleState();
  const { filterValues } = useListContext();
  return (
    <Datagrid
      bulkActionButtons={false}
      rowClick={false}
      body={rowsWith(() => ({ 'data-testid': 'breach-row' }))}
      empty={<EmptyList text={isFiltered(filterValues) ? 'breach.empty_filtered' : 'breach.empty'} />}
      sx={{ '& th, & td': { px: 1.5 }, '& th': { fontWeight: 700, whiteSpace: 'nowrap' } }}
    >
      <FunctionField<BreachRow> label="breach.columns.code" sortBy="code" sx={{ whiteSpace: 'nowrap' }} render={(r) => r.code} />
      <FunctionField<BreachRow>
        label="breach.columns.title"
        sortBy="title"
        render={(r) => (
          <Link component={RouterLink} to={`/databreach/create/${r.id}`} sx={{ overflowWrap: 'anywhere', display: 'block', maxWidth: 380 }}>
            {r.title}
          </Link>
        )}
      />
      <FunctionField<BreachRow>
        label="breach.columns.awareAt"
        sortBy="awareAt"
        sx={{ whiteSpace: 'nowrap' }}
        render={(r) => formatDate(r.awareAt, locale, true)}
      />
      <FunctionField<BreachRow> label="breach.columns.status" sortBy="status" render={(r) => <StatusChip status={r.status} />} />
      <FunctionField<BreachRow> label="breach.columns.risk" sortable={false} render={(r) => <RiskChip level={r.riskLevel} />} />
      <FunctionField<BreachRow> label="breach.columns.clock" sortable={false} render={(r) => <ClockChip clock={r.clock} />} />
    </Datagrid>
  );
}

/** `/databreach`: every breach, latest awareness first, with its state, risk and the 72-hour clock. */
export function BreachList() {
  const translate = useTranslate();
  const canEdit = useCanEdit('dataBreach');
  const statuses = BREACH_STATUSES.map((s) => ({ id: s, name: `breach.status.${s}` }));
  return (
    <PagedList
      resource="breaches"
      screenCode={SCREEN.list}
      sort={{ field: 'awareAt', order: 'DESC' }}
      linkFilters={LINK_FILTERS}
      syncWithLocation
      tools={{ export: true, savedFilters: true, what: 'breach.title' }}
    >
      <ListFilters
        actions={
          canEdit ? (
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/databreach/create">
              {translate('breach.add')}
            </Button>
          ) : null
        }
      >
        <TextInput source="q" label="breach.search" helperText={false} resettable={false} sx={{ minWidth: 240 }} />
        <SelectInput
          source="status"
          label="breach.columns.status"
          choices={statuses}
          emptyText="breach.all_statuses"
          helperText={false}
          sx={{ minWidth: 180 }}
        />
        <CheckboxFilter source="open" label="breach.only_open" />
        <CheckboxFilter source="notified" label="breach.only_notified" />
        <AwarePeriodChip />
      </ListFilters>
      <BreachGrid />
    </PagedList>
  );
}
