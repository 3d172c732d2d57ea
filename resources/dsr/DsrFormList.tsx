import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, Chip, IconButton, Link, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { Datagrid, FunctionField, useCreate, useNotify, useTranslate, useUpdate, type RaRecord } from 'react-admin';
import { RIGHT_SECTION, type DsrForm, type DsrFormInput } from '../../contract/dsr';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { EditDeleteButtons } from '../../src/components/EditDeleteButtons';
import { EmptyList } from '../../src/components/EmptyList';
import { useNotifyError } from '../../src/components/ErrorToast';
import { PagedList } from '../../src/components/PagedList';
import { useConfirmedDelete } from '../../src/components/useConfirmedDelete';
import { DsrFormDialog } from './DsrFormDialog';
import { SCREEN } from './dsrApi';

type DsrFormRecord = DsrForm & RaRecord;

const absolute = (link: string) => `${window.location.origin}${link}`;

/** The form's public address, opened or copied. */
function PublicLinkCell({ form }: { form: DsrFormRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <>
      <Link href={form.publicLink} target="_blank" rel="noopener" sx={{ fontFamily: 'monospace', fontSize: 12, overflowWrap: 'anywhere' }}>
        {absolute(form.publicLink)} <OpenInNewIcon sx={{ fontSize: 14, verticalAlign: 'middle' }} />
      </Link>
      <Tooltip title={translate('dsr.forms.copy_link')}>
        <IconButton
          size="small"
          aria-label={translate('dsr.forms.copy_link')}
          onClick={() => navigator.clipboard?.writeText(absolute(form.publicLink)).then(() => notify('dsr.forms.copied'))}
        >
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </>
  );
}

function DsrFormGrid({ canEdit, onEdit, onDelete }: { canEdit: boolean; onEdit: (f: DsrFormRecord) => void; onDelete: (f: DsrFormRecord) => void }) {
  const translate = useTranslate();
  return (
    <Datagrid
      bulkActionButtons={false}
      rowClick={false}
      empty={<EmptyList text="dsr.forms.empty" hint="dsr.forms.empty_hint" />}
      sx={{ '& th': { fontWeight: 700 } }}
    >
      <FunctionField<DsrFormRecord> label="dsr.forms.columns.name" sortable={false} sx={{ overflowWrap: 'anywhere' }} render={(f) => f.name} />
      <FunctionField<DsrFormRecord>
        label="dsr.forms.columns.status"
        sortable={false}
        render={(f) => (
          <Chip size="small" color={f.status ? 'success' : 'default'} label={translate(f.status ? 'dsr.forms.published' : 'dsr.forms.unpublished')} />
        )}
      />
      <FunctionField<DsrFormRecord>
        label="dsr.forms.columns.rights"
        sortable={false}
        render={(f) =>
          f.rights.map((r) => (
            <Typography key={r} variant="body2">
              {translate(`dsr.rights.${r}`)} ({translate('dsr.section')} {RIGHT_SECTION[r]})
            </Typography>
          ))
        }
      />
      <FunctionField<DsrFormRecord> label="dsr.forms.columns.link" sortable={false} render={(f) => <PublicLinkCell form={f} />} />
      <FunctionField<DsrFormRecord> label="dsr.forms.columns.requests" sortable={false} render={(f) => f.requestCount} />
      <FunctionField<DsrFormRecord>
        label=""
        sortable={false}
        sx={{ whiteSpace: 'nowrap' }}
        render={(f) => (canEdit ? <EditDeleteButtons onEdit={() => onEdit(f)} onDelete={() => onDelete(f)} /> : null)}
      />
    </Datagrid>
  );
}

/** `/consents/datasubject/form`: the company's request forms and their public links. */
export function DsrFormList() {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const canEdit = useCanEdit('consents');
  const [editing, setEditing] = useState<DsrFormRecord | 'new' | null>(null);
  const [create, { isPending: creating }] = useCreate<DsrFormRecord>();
  const [update, { isPending: updating }] = useUpdate<DsrFormRecord>();
  const saved = {
    onSuccess: () => {
      setEditing(null);
      notify('dsr.forms.saved', { type: 'success' });
    },
    onError: (e: unknown) => notifyError(e, SCREEN.formSave),
  };
  const save = (input: DsrFormInput) =>
    editing && editing !== 'new'
      ? update('dsr-forms', { id: editing.id, data: input, previousData: editing }, { ...saved, mutationMode: 'pessimistic' })
      : create('dsr-forms', { data: input }, saved);
  // the next page's first form moves up
  const remove = useConfirmedDelete<DsrFormRecord>('dsr-forms', {
    deleted: 'dsr.forms.deleted',
    screenCode: SCREEN.formDelete,
    invalidate: ['dsr-forms', 'getList'],
  });
  return (
    <>
      {canEdit ? (
        <Box sx={{ mb: 2 }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            {translate('dsr.forms.add')}
          </Button>
        </Box>
      ) : null}
      <PagedList resource="dsr-forms" screenCode={SCREEN.formList} sort={{ field: 'created_dt', order: 'DESC' }} syncWithLocation>
        <DsrFormGrid canEdit={canEdit} onEdit={setEditing} onDelete={remove.ask} />
      </PagedList>
      {editing ? (
        <DsrFormDialog form={editing === 'new' ? undefined : editing} busy={creating || updating} onClose={() => setEditing(null)} onSave={save} />
      ) : null}
      {remove.dialog}
    </>
  );
}
