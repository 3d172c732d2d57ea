import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Chip, IconButton, Tooltip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Datagrid, FunctionField, SelectInput, TextInput, useDataProvider, useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import type { SystemRecord } from '../../contract/datamap';
import { formatDate } from '../../i18n/dates';
import type { AppDataProvider } from '../../dataProvider';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { ListFilters } from '../../src/components/ListFilters';
import { ListLooks, PagedList, rowsWith } from '../../src/components/PagedList';
import { RowNumberField } from '../../src/components/RowNumberField';
import { RowAction } from '../../src/components/RowAction';
import { useConfirmedDelete } from '../../src/components/useConfirmedDelete';
import { useTexts } from '../../src/i18n/i18nProvider';

type SystemRow = SystemRecord & RaRecord;
/** A filter's label always sits on its border, so a long one is never cut under the arrow; the blank choice reads "any". */
const SHRUNK = { inputLabel: { shrink: true }, select: { displayEmpty: true } } as const;

export const SYSTEM_CODES = { list: 'DMY#001', save: 'DMY#002', remove: 'DMY#003', choices: 'DMY#004' } as const;

/** The yes/no filters: the server takes a boolean, the select a choice ('' for any). */
const YES_NO = [
  { id: 'yes', name: 'datamap.systems.yes' },
  { id: 'no', name: 'datamap.systems.no' },
];
const yesNo = (v: string) => (v === '' ? '' : v === 'yes');
const ofYesNo = (v: unknown) => (v === true ? 'yes' : v === false ? 'no' : '');

/** Edit (a view-only role reads the form); delete while no processing activity uses it. */
function SystemActions({ row, canEdit, onRemove }: { row: SystemRow; canEdit: boolean; onRemove: (row: SystemRow) => void }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex' }}>
      <Tooltip title={translate(canEdit ? 'common.edit' : 'datamap.systems.edit_title')}>
        <IconButton size="small" component={Link} to={`/data-manage/add/${row.id}`} aria-label={translate('common.edit')}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {canEdit && !row.activities ? (
        <RowAction label="common.delete" color="error" icon={<DeleteIcon fontSize="small" />} onClick={() => onRemove(row)} />
      ) : null}
    </Box>
  );
}

function SystemGrid({ canEdit, onRemove }: { canEdit: boolean; onRemove: (row: SystemRow) => void }) {
  // the server sorts by name and by the last change: both columns sort
  useTexts('lists');
  const [locale] = useLocaleState();
  return (
    <Datagrid
      bulkActionButtons={false}
      rowClick={false}
      body={rowsWith(() => ({ 'data-testid': 'datamap-system-row' }))}
      empty={<ListLooks />}
      sx={{ overflowX: 'auto' }}
    >
      <RowNumberField label="common.number" />
      <FunctionField<SystemRow> label="datamap.systems.name" sortBy="name" sx={{ minWidth: 160 }} render={(row) => row.name} />
      <FunctionField<SystemRow> label="datamap.systems.department" sortable={false} render={(row) => row.department ?? '-'} />
      <FunctionField<SystemRow>
        label="datamap.systems.categories"
        sortable={false}
        render={(row) => (
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
            {row.categories.map((c) => (
              <Chip key={c.id} size="small" color={c.sensitive ? 'warning' : 'default'} label={c.name} />
            ))}
          </Box>
        )}
      />
      <FunctionField<SystemRow>
        label="datamap.systems.storage_location"
        sortable={false}
        render={(row) => (
          <>
            {[row.storageLocation, row.storageCountry].filter(Boolean).join(' · ') || '-'}
            {row.transfers.length ? <Chip size="small" sx={{ ml: 1 }} color="info" label={row.transfers.map((x) => x.country).join(', ')} /> : null}
          </>
        )}
      />
      <FunctionField<SystemRow> label="datamap.systems.activities" sortable={false} render={(row) => row.activities} />
      <FunctionField<SystemRow>
        label="lists.updated"
        sortBy="updated_dt"
        sx={{ whiteSpace: 'nowrap' }}
        render={(row) => formatDate(row.updated_dt, locale)}
      />
      <FunctionField<SystemRow>
        label="common.actions"
        sortable={false}
        render={(row) => <SystemActions row={row} canEdit={canEdit} onRemove={onRemove} />}
      />
    </Datagrid>
  );
}

/** `/data-manage/list`: the company's systems and data sets, searched and filtered, 20 a page, by name. */
export function SystemList() {
  const translate = useTranslate();
  const canEdit = useCanEdit('dataManage');
  const dataProvider = useDataProvider<AppDataProvider>();
  const choices = useQuery({ queryKey: ['datamap-systems', 'choices'], queryFn: () => dataProvider.datamapChoices() });
  const remove = useConfirmedDelete<SystemRow>('datamap-systems', {
    deleted: 'datamap.systems.deleted',
    screenCode: SYSTEM_CODES.remove,
    invalidate: ['datamap-systems'],
  });
  const select = { slotProps: SHRUNK, helperText: false as const, emptyText: 'datamap.systems.any' };
  return (
    <>
      <PagedList
        resource="datamap-systems"
        screenCode={SYSTEM_CODES.list}
        sort={{ field: 'name', order: 'ASC' }}
        syncWithLocation
        tools={{ export: true, savedFilters: true, import: canEdit, what: 'datamap.systems.tab' }}
      >
        <ListFilters
          searchButton
          actions={
            canEdit ? (
              <Button variant="contained" startIcon={<AddIcon />} component={Link} to="/data-manage/add">
                {translate('datamap.systems.add')}
              </Button>
            ) : null
          }
        >
          <TextInput source="search" label="common.search" helperText={false} resettable={false} />
          <SelectInput
            {...select}
            source="departmentId"
            label="datamap.systems.department"
            choices={choices.data?.departments ?? []}
            translateChoice={false}
            sx={{ minWidth: 180 }}
          />
          <SelectInput
            {...select}
            source="categoryId"
            label="datamap.systems.categories"
            choices={choices.data?.categories ?? []}
            translateChoice={false}
            sx={{ minWidth: 180 }}
          />
          {(['sensitive', 'abroad'] as const).map((key) => (
            <SelectInput
              {...select}
              key={key}
              source={key}
              label={`datamap.systems.${key}`}
              choices={YES_NO}
              format={ofYesNo}
              parse={yesNo}
              sx={{ minWidth: 190 }}
            />
          ))}
        </ListFilters>
        <SystemGrid canEdit={canEdit} onRemove={remove.ask} />
      </PagedList>
      {remove.dialog}
    </>
  );
}
