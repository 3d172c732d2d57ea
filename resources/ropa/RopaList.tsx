import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import FindInPageIcon from '@mui/icons-material/FindInPageOutlined';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, Button, Chip, IconButton, Stack, Tooltip } from '@mui/material';
import { Datagrid, FunctionField, SelectInput, useListContext, useLocaleState, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { ROPA_ROLES, ROPA_STATES, type RopaRow } from '../../contract/ropa';
import { formatDate } from '../../i18n/dates';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { EmptyList } from '../../src/components/EmptyList';
import { CheckboxFilter, FILTER_INPUT, ListFilters } from '../../src/components/ListFilters';
import { PagedList, rowsWith } from '../../src/components/PagedList';
import { RowNumberField } from '../../src/components/RowNumberField';
import { RowAction } from '../../src/components/RowAction';
import { useConfirmedDelete } from '../../src/components/useConfirmedDelete';
import { ROPA_CODES, STATE_COLOURS, useRopaChoices } from './ropaUi';

type Row = RopaRow & RaRecord;

/** The filters a link may carry: the dashboards' figures open the list with theirs (`?state=approved`, `?overdue=true`). */
const LINK_FILTERS = { state: 'text', role: 'text', departmentId: 'text', incomplete: 'flag', overdue: 'flag' } as const;

function RopaFilters() {
  const translate = useTranslate();
  const choices = useRopaChoices();
  const select = { ...FILTER_INPUT, emptyText: 'ropa.list.all', sx: { minWidth: 170, my: 0 } } as const;
  return (
    <>
      <SelectInput
        {...select}
        source="state"
        label="ropa.fields.state"
        choices={ROPA_STATES.map((s) => ({ id: s, name: translate(`ropa.states.${s}`) }))}
      />
      <SelectInput
        {...select}
        source="role"
        label="ropa.fields.role"
        choices={ROPA_ROLES.map((s) => ({ id: s, name: translate(`ropa.roles.${s}`) }))}
      />
      <SelectInput {...select} source="departmentId" label="ropa.fields.department" choices={choices.data?.departments ?? []} />
      <CheckboxFilter source="incomplete" label="ropa.list.only_incomplete" />
      <CheckboxFilter source="overdue" label="ropa.list.only_overdue" />
    </>
  );
}

/** Edit (or, for a view-only role, open read-only), the register view, and delete for a draft never approved. */
function RopaActions({ canEdit, onRemove }: { canEdit: boolean; onRemove: (row: Row) => void }) {
  const translate = useTranslate();
  const row = useRecordContext<Row>();
  if (!row) return null;
  const open = canEdit
    ? { label: 'common.edit', icon: <EditIcon fontSize="small" /> }
    : { label: 'ropa.list.open', icon: <FindInPageIcon fontSize="small" /> };
  return (
    <Box sx={{ display: 'flex' }}>
      <Tooltip title={translate(open.label)}>
        <IconButton size="small" component={Link} to={`/ropa/activity/create/${row.id}`} aria-label={translate(open.label)}>
          {open.icon}
        </IconButton>
      </Tooltip>
      <Tooltip title={translate('ropa.list.preview')}>
        <IconButton size="small" component={Link} to={`/ropa/preview?id=${row.id}`} aria-label={translate('ropa.list.preview')}>
          <VisibilityIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {canEdit && row.state === 'draft' && !row.approved_dt ? (
        <RowAction label="common.delete" color="error" icon={<DeleteIcon fontSize="small" />} onClick={() => onRemove(row)} />
      ) : null}
    </Box>
  );
}

function RopaGrid({ canEdit, onRemove }: { canEdit: boolean; onRemove: (row: Row) => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { filterValues } = useListContext();
  return (
    <Datagrid
      bulkActionButtons={false}
      rowClick={false}
      aria-label={translate('ropa.tabs.list')}
      body={rowsWith(() => ({ 'data-testid': 'ropa-row' }))}
      empty={<EmptyList searching={Object.keys(filterValues).length > 0} />}
      sx={{ overflowX: 'auto' }}
    >
      <RowNumberField label="common.number" />
      <FunctionField<Row>
        label="ropa.fields.name"
        sortBy="name"
        sx={{ minWidth: 180, display: 'block' }}
        render={(row) => (
          <>
            {row.name}
            {row.role === 'processor' ? <Chip size="small" variant="outlined" sx={{ ml: 1 }} label={translate('ropa.roles.processor')} /> : null}
          </>
        )}
      />
      <FunctionField<Row> label="ropa.fields.department" sortable={false} render={(row) => row.department ?? '-'} />
      <FunctionField<Row>
        label="ropa.fields.state"
        sortBy="state"
        render={(row) => (
          <Stack spacing={0.5} alignItems="flex-start">
            <Chip size="small" color={STATE_COLOURS[row.state]} label={translate(`ropa.states.${row.state}`)} />
            {row.missingCount ? (
              <Chip size="small" color="error" variant="outlined" label={translate('ropa.list.incomplete', { count: row.missingCount })} />
            ) : (
              <Chip size="small" color="success" variant="outlined" label={translate('ropa.list.complete')} />
            )}
          </Stack>
        )}
      />
      <FunctionField<Row>
        label="ropa.fields.review_date"
        sortBy="reviewDate"
        sx={{ whiteSpace: 'nowrap' }}
        render={(row) => formatDate(row.reviewDate, locale)}
      />
      <FunctionField label="common.actions" sortable={false} render={() => <RopaActions canEdit={canEdit} onRemove={onRemove} />} />
    </Datagrid>
  );
}

/** `/ropa/activity/list`: every activity with its state, completeness and review date; filters in the address; 20 a page. */
export function RopaList() {
  const translate = useTranslate();
  const canEdit = useCanEdit('ropa');
  const remove = useConfirmedDelete<Row>('ropa-activities', {
    deleted: 'ropa.list.deleted',
    screenCode: ROPA_CODES.remove,
    invalidate: ['ropa-activities'],
  });
  return (
    <>
      <PagedList
        resource="ropa-activities"
        screenCode={ROPA_CODES.list}
        sort={{ field: 'updated_dt', order: 'DESC' }}
        linkFilters={LINK_FILTERS}
        syncWithLocation
        tools={{ export: true, savedFilters: true, import: canEdit, what: 'ropa.tabs.list' }}
      >
        <ListFilters
          search
          debounce={0}
          actions={
            canEdit ? (
              <Button variant="contained" startIcon={<AddIcon />} component={Link} to="/ropa/activity/create">
                {translate('ropa.list.add')}
              </Button>
            ) : null
          }
        >
          <RopaFilters />
        </ListFilters>
        <RopaGrid canEdit={canEdit} onRemove={remove.ask} />
      </PagedList>
      {remove.dialog}
    </>
  );
}
