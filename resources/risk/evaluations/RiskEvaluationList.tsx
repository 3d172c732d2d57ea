import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Checkbox, Chip, Menu, MenuItem, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Datagrid, FunctionField, TextField, useDataProvider, useListContext, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { AppDataProvider } from '../../../dataProvider';
import { DateText } from '../../../src/components/DateText';
import { useCanEdit } from '../../../src/auth/useCanEdit';
import { DeleteRowButton } from '../../../src/components/DeleteRowButton';
import { EmptyList } from '../../../src/components/EmptyList';
import { useNotifyError } from '../../../src/components/ErrorToast';
import { PagedList } from '../../../src/components/PagedList';
import { RowNumberField } from '../../../src/components/RowNumberField';
import { ListFilters } from '../../../src/components/ListFilters';
import { RowAction } from '../../../src/components/RowAction';

export const START_EVALUATION_PATH = '/risk-management/start-evaluation';

function StatusBadge() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return record.draft ? (
    <Chip size="small" label={translate('risk.evaluation.draft')} color="default" />
  ) : (
    <Chip size="small" label={translate('risk.evaluation.finished')} color="success" />
  );
}

function ExportButton() {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const { selectedIds } = useListContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const dataProvider = useDataProvider<AppDataProvider>();
  const report = useMutation({ mutationFn: dataProvider.exportRiskEvaluations, onError: (error) => notifyError(error, 'RKEV#003') });
  const busy = report.isPending;
  const run = (format: 'pdf' | 'xlsx') => {
    setAnchor(null);
    report.mutate({ riskIds: selectedIds.map(String), format });
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        disabled={selectedIds.length === 0 || busy}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
      >
        {translate('risk.evaluation.export', { count: selectedIds.length })}
      </Button>
      <Menu open={Boolean(anchor)} anchorEl={anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => run('pdf')}>{translate('risk.evaluation.export_pdf')}</MenuItem>
        <MenuItem onClick={() => run('xlsx')}>{translate('risk.evaluation.export_xlsx')}</MenuItem>
      </Menu>
    </>
  );
}

/** Starting needs at least one risk event (seed section 5); otherwise the user is told so. */
function StartButton() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider();
  const start = async () => {
    try {
      const { total } = await dataProvider.getList('risk-events', {
        pagination: { page: 1, perPage: 1 },
        sort: { field: 'created_dt', order: 'DESC' },
        filter: {},
      });
      if (!total) notify('risk.evaluation.need_event', { type: 'warning' });
      else navigate(START_EVALUATION_PATH);
    } catch (error) {
      notifyError(error, 'RKE#001');
    }
  };
  return (
    <Button variant="contained" startIcon={<AddIcon />} onClick={start}>
      {translate('risk.evaluation.start')}
    </Button>
  );
}

function EditButton() {
  const record = useRecordContext();
  const navigate = useNavigate();
  if (!record) return null;
  return <RowAction label="risk.edit" icon={<EditIcon fontSize="small" />} onClick={() => navigate(`${START_EVALUATION_PATH}/${record.id}`)} />;
}

/**
 * The row's box for the export (the list's selection): the label on the input itself, naming the
 * evaluation (react-admin's own row box puts its label on the wrapper, which axe refuses).
 */
function SelectCell() {
  const record = useRecordContext();
  const { selectedIds, onToggleItem } = useListContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Checkbox
      size="small"
      checked={selectedIds.includes(record.id)}
      onChange={() => onToggleItem(record.id)}
      inputProps={{ 'aria-label': `${translate('ra.action.select_row')}: ${String(record.name ?? '')}` }}
    />
  );
}

function EvaluationGrid({ canEdit }: { canEdit: boolean }) {
  const { filterValues } = useListContext();
  return (
    <Datagrid bulkActionButtons={false} rowClick={false} empty={<EmptyList searching={Boolean(filterValues.search)} />}>
      <FunctionField label="" render={() => <SelectCell />} />
      <RowNumberField label="risk.columns.number" />
      <TextField source="name" label="risk.columns.topic" sortable={false} />
      <FunctionField label="risk.columns.status" render={() => <StatusBadge />} />
      <DateText source="created_dt" sortable={false} label="risk.columns.created" />
      <DateText source="updated_dt" sortable={false} label="risk.columns.updated" />
      {canEdit ? (
        <FunctionField
          label="risk.columns.actions"
          render={() => (
            <Box sx={{ display: 'flex' }}>
              <EditButton />
              <DeleteRowButton screenCode="RKEV#002" />
            </Box>
          )}
        />
      ) : null}
    </Datagrid>
  );
}

/** Evaluations: select some to export as a report, start a new one, edit or delete one. */
export function RiskEvaluationList() {
  const translate = useTranslate();
  const canEdit = useCanEdit('riskManagement');
  return (
    <PagedList resource="risk-evaluations" screenCode="RKEV#001">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', pt: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {translate('risk.evaluation.title')}
        </Typography>
        <ExportButton />
        {canEdit ? <StartButton /> : null}
      </Box>
      <ListFilters search />
      <EvaluationGrid canEdit={canEdit} />
    </PagedList>
  );
}
