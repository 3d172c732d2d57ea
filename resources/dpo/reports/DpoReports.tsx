import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Link as MuiLink, MenuItem, Paper, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import { useState } from 'react';
import {
  Datagrid,
  FunctionField,
  SelectInput,
  TextInput,
  useCreate,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { useWatch, type FieldValues } from 'react-hook-form';
import { DPO_REPORT_AUDIENCES, bangkokDate, dpoReportInput, type DpoReportValues } from '../../../contract/dpo';
import { useCanEdit } from '../../../src/auth/useCanEdit';
import { DeleteRowButton } from '../../../src/components/DeleteRowButton';
import { useNotifyError } from '../../../src/components/ErrorToast';
import { FormDialog } from '../../../src/components/FormDialog';
import { formResolver } from '../../../src/components/formResolver';
import { ListLooks, PagedList } from '../../../src/components/PagedList';
import { RowAction } from '../../../src/components/RowAction';
import { ThaiDateSourceInput } from '../../../src/components/ThaiDateSourceInput';
import { SCREEN, useDate } from '../dpoApi';
import type { DpoReportRecord } from './definition';

const resolver = formResolver(dpoReportInput, 'common.required');
const EMPTY = (): DpoReportValues => ({
  reportedOn: bangkokDate(),
  subject: '',
  audience: 'board',
  audienceName: '',
  advice: '',
  outcome: '',
  fileUrl: '',
});

function AudienceName() {
  const translate = useTranslate();
  const audience = useWatch({ name: 'audience' }) as DpoReportValues['audience'];
  return (
    <TextInput
      source="audienceName"
      label={translate(audience === 'department' ? 'dpo.reports.department_name' : 'dpo.reports.audience_name')}
      helperText={false}
      fullWidth
    />
  );
}

/** Add or change one report or piece of advice: when, about what, to whom, the advice, what came of it, the file's link. */
function ReportDialog({ record, onClose }: { record: Partial<DpoReportRecord>; onClose(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [create, { isPending: creating }] = useCreate();
  const [update, { isPending: updating }] = useUpdate();
  const done = {
    onSuccess: () => {
      notify('dpo.reports.saved', { type: 'success' });
      refresh();
      onClose();
    },
    onError: (e: unknown) => notifyError(e, SCREEN.reportSave),
  };
  const save = (values: FieldValues) =>
    record.id
      ? update('dpo-reports', { id: record.id, data: values, previousData: record }, { ...done, mutationMode: 'pessimistic' })
      : create('dpo-reports', { data: values }, done);
  return (
    <FormDialog
      open
      title={translate(record.id ? 'dpo.reports.edit_title' : 'dpo.reports.add_title')}
      record={record}
      resolver={resolver}
      onSubmit={save}
      onClose={onClose}
      busy={creating || updating}
      maxWidth="md"
      submitLabel="ra.action.save"
    >
      <Stack>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 1 }}>
          <ThaiDateSourceInput source="reportedOn" label={translate('dpo.reports.reported_on')} yearsBack={10} />
          <SelectInput
            source="audience"
            label={translate('dpo.reports.audience')}
            choices={DPO_REPORT_AUDIENCES.map((a) => ({ id: a, name: translate(`dpo.reports.audiences.${a}`) }))}
            helperText={false}
          />
        </Box>
        <AudienceName />
        <TextInput source="subject" label={translate('dpo.reports.subject')} fullWidth />
        <TextInput source="advice" label={translate('dpo.reports.advice')} multiline minRows={3} fullWidth />
        <TextInput source="outcome" label={translate('dpo.reports.outcome')} multiline minRows={2} fullWidth helperText={false} />
        <TextInput source="fileUrl" type="url" label={translate('dpo.reports.file_url')} helperText={translate('dpo.reports.file_hint')} fullWidth />
      </Stack>
    </FormDialog>
  );
}

function AudienceFilter() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  return (
    <MuiTextField
      select
      size="small"
      label={translate('dpo.reports.audience')}
      value={filterValues.audience ?? ''}
      onChange={(e) => setFilters({ ...filterValues, audience: e.target.value || undefined }, {})}
      sx={{ minWidth: 220 }}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'dpo-reports-audience' } as object } }}
    >
      <MenuItem value="">{translate('dpo.reports.all_audiences')}</MenuItem>
      {DPO_REPORT_AUDIENCES.map((a) => (
        <MenuItem key={a} value={a}>
          {translate(`dpo.reports.audiences.${a}`)}
        </MenuItem>
      ))}
    </MuiTextField>
  );
}

function ReportGrid({ onEdit }: { onEdit(r: DpoReportRecord): void }) {
  const translate = useTranslate();
  const date = useDate();
  const canEdit = useCanEdit('dpo');
  return (
    <ListLooks screenCode={SCREEN.reports}>
      <Datagrid bulkActionButtons={false} rowClick={false} aria-label={translate('dpo.reports.title')} sx={{ overflowX: 'auto' }}>
        <FunctionField<DpoReportRecord> label="dpo.reports.reported_on" sortable={false} render={(r) => date(r.reportedOn)} />
        <FunctionField<DpoReportRecord>
          label="dpo.reports.subject"
          sortable={false}
          sx={{ overflowWrap: 'anywhere', display: 'block' }}
          render={(r) => (
            <>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {r.subject}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                {r.advice}
              </Typography>
              {r.outcome ? (
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  {translate('dpo.reports.outcome')}: {r.outcome}
                </Typography>
              ) : null}
            </>
          )}
        />
        <FunctionField<DpoReportRecord>
          label="dpo.reports.audience"
          sortable={false}
          render={(r) => [translate(`dpo.reports.audiences.${r.audience}`), r.audienceName].filter(Boolean).join(': ')}
        />
        <FunctionField<DpoReportRecord>
          label="dpo.reports.file"
          sortable={false}
          render={(r) =>
            r.fileUrl ? (
              <MuiLink href={r.fileUrl} target="_blank" rel="noopener noreferrer">
                {translate('dpo.reports.open_file')}
              </MuiLink>
            ) : (
              '—'
            )
          }
        />
        {canEdit ? (
          <FunctionField<DpoReportRecord>
            label=""
            sortable={false}
            render={(r) => (
              <Box sx={{ display: 'flex' }}>
                <RowAction label="ra.action.edit" icon={<EditIcon fontSize="small" />} onClick={() => onEdit(r)} />
                <DeleteRowButton screenCode={SCREEN.reportDelete} />
              </Box>
            )}
          />
        ) : null}
      </Datagrid>
    </ListLooks>
  );
}

/** The DPO's reports and advice to the company (s.42): a log in the house's list idiom, newest first; audit-logged by the server. */
export function DpoReports() {
  const translate = useTranslate();
  const canEdit = useCanEdit('dpo');
  const [editing, setEditing] = useState<Partial<DpoReportRecord>>();
  return (
    <Box data-testid="dpo-reports">
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {translate('dpo.reports.title')}
        </Typography>
        {canEdit ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(EMPTY())}>
            {translate('dpo.reports.add')}
          </Button>
        ) : null}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('dpo.reports.intro')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 1 }}>
        <PagedList resource="dpo-reports" screenCode={SCREEN.reports}>
          <Box sx={{ mb: 1 }}>
            <AudienceFilter />
          </Box>
          <ReportGrid onEdit={setEditing} />
        </PagedList>
      </Paper>
      {editing ? <ReportDialog record={editing} onClose={() => setEditing(undefined)} /> : null}
    </Box>
  );
}
