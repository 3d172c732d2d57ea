import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import {
  Datagrid,
  FunctionField,
  TextField,
  TextInput,
  useCreate,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import { DateText } from '../../src/components/DateText';
import { DeleteRowButton } from '../../src/components/DeleteRowButton';
import { EmptyList } from '../../src/components/EmptyList';
import { useNotifyError } from '../../src/components/ErrorToast';
import { FormDialog } from '../../src/components/FormDialog';
import { formResolver } from '../../src/components/formResolver';
import { PagedList } from '../../src/components/PagedList';
import { RowNumberField } from '../../src/components/RowNumberField';
import { SearchToolbar } from '../../src/components/SearchToolbar';
import { CheckboxInput } from '../../src/components/CheckboxInput';
import { CiaBadges } from './CiaBadges';
import { riskMasterForm } from './forms';

/** What differs between the risk event list and the plan list. */
export interface MasterListConfig {
  resource: 'risk-events' | 'risk-plans';
  /** i18n prefix: `risk.event` or `risk.plan` */
  texts: 'risk.event' | 'risk.plan';
  nameColumn: string;
  codes: { list: string; save: string; remove: string };
  /** events carry C/I/A */
  cia: boolean;
  /** the plan modal cannot be closed by Esc or the backdrop */
  strictModal: boolean;
}

type Editing = { record: Partial<RaRecord> } | undefined;

function EditRowButton({ onEdit }: { onEdit: (record: RaRecord) => void }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Tooltip title={translate('risk.edit')}>
      <IconButton aria-label={translate('risk.edit')} size="small" onClick={() => onEdit(record)}>
        <EditIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

function MasterGrid({ config, onEdit }: { config: MasterListConfig; onEdit: (record: RaRecord) => void }) {
  const { filterValues } = useListContext();
  return (
    <Datagrid bulkActionButtons={false} rowClick={false} empty={<EmptyList searching={Boolean(filterValues.search)} />}>
      <RowNumberField label="risk.columns.number" />
      <TextField source="name" label={config.nameColumn} sortable={false} />
      {config.cia ? <FunctionField label="risk.columns.impact" render={(r: RaRecord) => <CiaBadges record={r} />} /> : null}
      <DateText source="created_dt" sortable={false} label="risk.columns.created" />
      <FunctionField
        label="risk.columns.actions"
        render={() => (
          <Box sx={{ display: 'flex' }}>
            <EditRowButton onEdit={onEdit} />
            <DeleteRowButton screenCode={config.codes.remove} />
          </Box>
        )}
      />
    </Datagrid>
  );
}

/** A list of risk events or plans: search, add, a table of 20 a page, add/edit in a modal, typed delete. */
export function RiskMasterList({ config }: { config: MasterListConfig }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [editing, setEditing] = useState<Editing>();
  const [create, { isPending: creating }] = useCreate();
  const [update, { isPending: updating }] = useUpdate();
  const isEdit = Boolean(editing?.record.id);

  const save = (values: Record<string, unknown>) => {
    const done = {
      onSuccess: () => {
        setEditing(undefined);
        notify(`${config.texts}.${isEdit ? 'edit_success' : 'add_success'}`, { type: 'success' });
        refresh();
      },
      onError: (error: unknown) => notifyError(error, config.codes.save),
    };
    if (isEdit) {
      update(config.resource, { id: editing!.record.id!, data: values, previousData: editing!.record }, { ...done, mutationMode: 'pessimistic' });
    } else {
      create(config.resource, { data: values }, done);
    }
  };

  return (
    <>
      <PagedList resource={config.resource} screenCode={config.codes.list}>
        <SearchToolbar
          actions={
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ record: {} })}>
              {translate(config.cia ? 'risk.add' : 'risk.create')}
            </Button>
          }
        />
        <MasterGrid config={config} onEdit={(record) => setEditing({ record })} />
      </PagedList>
      <FormDialog
        open={Boolean(editing)}
        title={translate(`${config.texts}.${isEdit ? 'edit_title' : 'add_title'}`)}
        record={{ name: '', confidentiality: false, integrity: false, availability: false, ...editing?.record }}
        resolver={formResolver(riskMasterForm, 'risk.required')}
        onSubmit={save}
        onClose={() => setEditing(undefined)}
        busy={creating || updating}
        modal={config.strictModal}
      >
        <TextInput source="name" label={`${config.texts}.name`} fullWidth multiline autoFocus />
        {config.cia ? (
          <>
            <Box sx={{ display: 'flex', flexDirection: 'column' }}>
              <CheckboxInput source="confidentiality" label="risk.cia.confidentiality" />
              <CheckboxInput source="integrity" label="risk.cia.integrity" />
              <CheckboxInput source="availability" label="risk.cia.availability" />
            </Box>
          </>
        ) : null}
      </FormDialog>
    </>
  );
}
