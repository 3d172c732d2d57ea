import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, IconButton, Tab, Tabs, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import {
  Datagrid,
  FunctionField,
  TextField,
  TextInput,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import { HANDLE_FILTERS } from '../../../contract/risk';
import { DateText } from '../../../src/components/DateText';
import { useCanEdit } from '../../../src/auth/useCanEdit';
import { DeleteRowButton } from '../../../src/components/DeleteRowButton';
import { EmptyList } from '../../../src/components/EmptyList';
import { useNotifyError } from '../../../src/components/ErrorToast';
import { FormDialog } from '../../../src/components/FormDialog';
import { formResolver } from '../../../src/components/formResolver';
import { PagedList } from '../../../src/components/PagedList';
import { RowNumberField } from '../../../src/components/RowNumberField';
import { ListFilters } from '../../../src/components/ListFilters';
import { truncateGraphemes } from '../../../src/components/truncate';
import { treatmentForm } from '../forms';
import { RowAction } from '../../../src/components/RowAction';
import { untilSaved } from '../../../src/components/serverFieldError';

/** How much of a plan the table shows; the whole text is in the row's tooltip and the edit modal. */
const PLAN_PREVIEW = 80;

function PlanCell() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record?.handleRisk)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('risk.rtp.no_plan')}
      </Typography>
    );
  return (
    <>
      <span title={record.handleRisk}>{truncateGraphemes(record.handleRisk, PLAN_PREVIEW)}</span>
      {record.fromEvaluation ? (
        <Typography variant="caption" component="div" color="text.secondary">
          {translate('risk.rtp.from_evaluation')}
        </Typography>
      ) : null}
    </>
  );
}

/**
 * The delete of a plan chosen in an evaluation: the RTP has nothing of its own to delete (the server
 * refuses, 409), so the button is off and says where the plan is changed.
 */
function EvaluationPlanDelete() {
  const translate = useTranslate();
  return (
    <Tooltip title={translate('risk.rtp.delete_from_evaluation')} describeChild>
      <span>
        <IconButton aria-label={translate('common.delete')} size="small" disabled data-testid="rtp-delete-evaluation-plan">
          <DeleteIcon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}

function Actions({ onEdit }: { onEdit: (r: RaRecord) => void }) {
  const record = useRecordContext();
  const { filterValues } = useListContext();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex' }}>
      <RowAction label="risk.edit" icon={<EditIcon fontSize="small" />} onClick={() => onEdit(record)} />
      {filterValues.type !== 'not-handle' && record.handleRisk ? (
        record.fromEvaluation ? (
          <EvaluationPlanDelete />
        ) : (
          <DeleteRowButton screenCode="RKP#003" />
        )
      ) : null}
    </Box>
  );
}

function FilterTabs() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  return (
    <Tabs
      value={filterValues.type ?? 'all'}
      onChange={(_e, type) => setFilters({ ...filterValues, type }, {})}
      aria-label={translate('risk.tabs.rtp')}
    >
      {HANDLE_FILTERS.map((f) => (
        <Tab key={f} value={f} label={translate(`risk.rtp.${f}`)} />
      ))}
    </Tabs>
  );
}

function TreatmentGrid({ onEdit }: { onEdit: (r: RaRecord) => void }) {
  const { filterValues } = useListContext();
  const canEdit = useCanEdit('riskManagement');
  return (
    <Datagrid bulkActionButtons={false} rowClick={false} empty={<EmptyList searching={Boolean(filterValues.search)} />}>
      <RowNumberField label="risk.columns.number" />
      <TextField source="event" label="risk.columns.event" sortable={false} />
      <FunctionField label="risk.columns.treatment_plan" render={() => <PlanCell />} />
      <DateText source="created_dt" sortable={false} label="risk.columns.created" />
      {canEdit ? <FunctionField label="risk.columns.actions" render={() => <Actions onEdit={onEdit} />} /> : null}
    </Datagrid>
  );
}

/** RTP: every risk event with its treatment plan; sub-tabs all / has plan / no plan yet. */
export function RiskTreatmentList() {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [editing, setEditing] = useState<RaRecord>();
  const [update, { isPending }] = useUpdate();
  return (
    <>
      <PagedList resource="risk-treatments" screenCode="RHL#001" filterDefaultValues={{ type: 'all' }}>
        <FilterTabs />
        <ListFilters search />
        <TreatmentGrid onEdit={setEditing} />
      </PagedList>
      <FormDialog
        open={Boolean(editing)}
        title={translate('risk.rtp.edit_title')}
        record={{ id: editing?.id, handleRisk: editing?.handleRisk ?? '' }}
        resolver={formResolver(treatmentForm, 'risk.required')}
        busy={isPending}
        onClose={() => setEditing(undefined)}
        onSubmit={(values) =>
          untilSaved(
            (done) => update('risk-treatments', { id: editing!.id, data: values, previousData: editing }, { ...done, mutationMode: 'pessimistic' }),
            {
              onSuccess: () => {
                setEditing(undefined);
                notify('risk.rtp.updated', { type: 'success' });
                refresh();
              },
              onError: (error) => notifyError(error, 'RHL#002'),
            },
          )
        }
      >
        {editing ? <Typography sx={{ mb: 1 }}>{editing.event}</Typography> : null}
        <TextInput source="handleRisk" label="risk.rtp.plan" fullWidth multiline minRows={5} autoFocus />
      </FormDialog>
    </>
  );
}
