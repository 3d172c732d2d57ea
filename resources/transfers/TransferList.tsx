import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Chip, IconButton, Tooltip, Typography } from '@mui/material';
import { Datagrid, FunctionField, SelectInput, TextInput, useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { TRANSFER_BASES, TRANSFER_STATES, type TransferRecord } from '../../contract/transfers';
import { formatDate } from '../../i18n/dates';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { ListFilters } from '../../src/components/ListFilters';
import { ListLooks, PagedList, rowsWith } from '../../src/components/PagedList';
import { RowAction } from '../../src/components/RowAction';
import { RowNumberField } from '../../src/components/RowNumberField';
import { useConfirmedDelete } from '../../src/components/useConfirmedDelete';
import { STATE_COLORS, TRANSFER_CODES, countryLabel } from './transferUi';

type TransferRow = TransferRecord & RaRecord;
const SHRUNK = { inputLabel: { shrink: true }, select: { displayEmpty: true } } as const;

export function TransferStateChip({ state }: { state: TransferRecord['state'] }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATE_COLORS[state]} label={translate(`transfers.states.${state}`)} data-testid="transfer-state" />;
}

function TransferActions({ row, canEdit, onRemove }: { row: TransferRow; canEdit: boolean; onRemove: (row: TransferRow) => void }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex' }}>
      <Tooltip title={translate(canEdit ? 'common.edit' : 'transfers.edit_title')}>
        <IconButton size="small" component={Link} to={`/data-manage/transfers/add/${row.id}`} aria-label={translate('common.edit')}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {canEdit ? <RowAction label="common.delete" color="error" icon={<DeleteIcon fontSize="small" />} onClick={() => onRemove(row)} /> : null}
    </Box>
  );
}

function TransferGrid({ canEdit, onRemove }: { canEdit: boolean; onRemove: (row: TransferRow) => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Datagrid
      bulkActionButtons={false}
      rowClick={false}
      body={rowsWith(() => ({ 'data-testid': 'transfer-row' }))}
      empty={<ListLooks />}
      sx={{ overflowX: 'auto' }}
    >
      <RowNumberField label="common.number" />
      <FunctionField<TransferRow>
        label="transfers.fields.source"
        sortable={false}
        render={(row) => [row.system, row.processor].filter(Boolean).join(' · ') || '-'}
      />
      <FunctionField<TransferRow> label="transfers.fields.country" sortBy="country" render={(row) => countryLabel(row.country, locale)} />
      <FunctionField<TransferRow> label="transfers.fields.importer" sortBy="importer" render={(row) => row.importer} />
      <FunctionField<TransferRow>
        label="transfers.fields.basis"
        sortable={false}
        render={(row) => (row.basis ? translate(`transfers.bases.${row.basis}`) : translate('transfers.fields.no_basis'))}
      />
      <FunctionField<TransferRow>
        label="transfers.fields.expiresOn"
        sortBy="expiresOn"
        sx={{ whiteSpace: 'nowrap' }}
        render={(row) => (row.expiresOn ? formatDate(row.expiresOn, locale) : '-')}
      />
      <FunctionField<TransferRow> label="transfers.fields.state" sortable={false} render={(row) => <TransferStateChip state={row.state} />} />
      <FunctionField<TransferRow>
        label="common.actions"
        sortable={false}
        render={(row) => <TransferActions row={row} canEdit={canEdit} onRemove={onRemove} />}
      />
    </Datagrid>
  );
}

/** `/data-manage/transfers`: the register of transfers abroad, searched and filtered by state and basis, 20 a page. */
export function TransferList() {
  const translate = useTranslate();
  const canEdit = useCanEdit('dataManage');
  const remove = useConfirmedDelete<TransferRow>('transfers', {
    deleted: 'transfers.deleted',
    screenCode: TRANSFER_CODES.remove,
    invalidate: ['transfers'],
  });
  const select = { slotProps: SHRUNK, helperText: false as const, emptyText: 'transfers.any' };
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('transfers.intro')}
      </Typography>
      <PagedList
        resource="transfers"
        screenCode={TRANSFER_CODES.list}
        sort={{ field: 'updated_dt', order: 'DESC' }}
        syncWithLocation
        linkFilters={{ warning: 'flag' }}
      >
        <ListFilters
          searchButton
          actions={
            canEdit ? (
              <Button variant="contained" startIcon={<AddIcon />} component={Link} to="/data-manage/transfers/add">
                {translate('transfers.add')}
              </Button>
            ) : null
          }
        >
          <TextInput source="search" label="common.search" helperText={false} resettable={false} />
          <SelectInput
            {...select}
            source="state"
            label="transfers.fields.state"
            choices={TRANSFER_STATES.map((s) => ({ id: s, name: `transfers.states.${s}` }))}
            sx={{ minWidth: 200 }}
          />
          <SelectInput
            {...select}
            source="basis"
            label="transfers.fields.basis"
            choices={TRANSFER_BASES.map((b) => ({ id: b, name: `transfers.bases.${b}` }))}
            sx={{ minWidth: 220 }}
          />
        </ListFilters>
        <TransferGrid canEdit={canEdit} onRemove={remove.ask} />
      </PagedList>
      {remove.dialog}
    </>
  );
}
