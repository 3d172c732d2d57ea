import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Box,
  Button,
  Chip,
  IconButton,
  Link,
  Pagination,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCreate, useDelete, useGetList, useNotify, useTranslate, useUpdate, type RaRecord } from 'react-admin';
import { DEFAULT_PAGE_SIZE } from '../../contract/http';
import { RIGHT_SECTION, type DsrForm, type DsrFormInput } from '../../contract/dsr';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { TableBodyState } from '../../src/components/TableBodyState';
import { TypedDeleteDialog } from '../../src/components/TypedDeleteDialog';
import { DsrFormDialog } from './DsrFormDialog';
import { SCREEN } from './dsrApi';

type DsrFormRecord = DsrForm & RaRecord;

/** `/consents/datasubject/form`: the company's request forms and their public links. */
export function DsrFormList() {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const canEdit = useCanEdit('consents');
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<DsrFormRecord | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DsrFormRecord | null>(null);
  const list = useGetList<DsrFormRecord>(
    'dsr-forms',
    { pagination: { page, perPage: DEFAULT_PAGE_SIZE }, sort: { field: 'created_dt', order: 'DESC' } },
    { placeholderData: keepPreviousData, retry: false, onError: (error) => notifyError(error, SCREEN.formList) },
  );
  const [create, { isPending: creating }] = useCreate<DsrFormRecord>();
  const [update, { isPending: updating }] = useUpdate<DsrFormRecord>();
  const [remove, { isPending: removing }] = useDelete<DsrFormRecord>();
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
  const removeForm = (form: DsrFormRecord) =>
    remove(
      'dsr-forms',
      { id: form.id, previousData: form },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setDeleting(null);
          notify('dsr.forms.deleted', { type: 'success' });
          // the next page's first form moves up
          void queryClient.invalidateQueries({ queryKey: ['dsr-forms', 'getList'] });
        },
        onError: (e) => (setDeleting(null), notifyError(e, SCREEN.formDelete)),
      },
    );
  const rows = list.data ?? [];
  const pages = Math.max(1, Math.ceil((list.total ?? 0) / DEFAULT_PAGE_SIZE));
  const absolute = (link: string) => `${window.location.origin}${link}`;
  return (
    <Box>
      {canEdit ? (
        <Box sx={{ mb: 2 }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            {translate('dsr.forms.add')}
          </Button>
        </Box>
      ) : null}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small">
          <TableHead>
            <TableRow>
              {(['name', 'status', 'rights', 'link', 'requests'] as const).map((c) => (
                <TableCell key={c} sx={{ fontWeight: 700 }}>
                  {translate(`dsr.forms.columns.${c}`)}
                </TableCell>
              ))}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((f) => (
              <TableRow key={f._id}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{f.name}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={f.status ? 'success' : 'default'}
                    label={translate(f.status ? 'dsr.forms.published' : 'dsr.forms.unpublished')}
                  />
                </TableCell>
                <TableCell>
                  {f.rights.map((r) => (
                    <Typography key={r} variant="body2">
                      {translate(`dsr.rights.${r}`)} ({translate('dsr.section')} {RIGHT_SECTION[r]})
                    </Typography>
                  ))}
                </TableCell>
                <TableCell>
                  <Link href={f.publicLink} target="_blank" rel="noopener" sx={{ fontFamily: 'monospace', fontSize: 12, overflowWrap: 'anywhere' }}>
                    {absolute(f.publicLink)} <OpenInNewIcon sx={{ fontSize: 14, verticalAlign: 'middle' }} />
                  </Link>
                  <Tooltip title={translate('dsr.forms.copy_link')}>
                    <IconButton
                      size="small"
                      aria-label={translate('dsr.forms.copy_link')}
                      onClick={() => navigator.clipboard?.writeText(absolute(f.publicLink)).then(() => notify('dsr.forms.copied'))}
                    >
                      <ContentCopyIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
                <TableCell>{f.requestCount}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {canEdit ? (
                    <>
                      <IconButton aria-label={translate('ra.action.edit')} onClick={() => setEditing(f)}>
                        <EditIcon />
                      </IconButton>
                      <IconButton aria-label={translate('ra.action.delete')} onClick={() => setDeleting(f)}>
                        <DeleteIcon />
                      </IconButton>
                    </>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
            <TableBodyState
              columns={6}
              isPending={list.isPending}
              error={list.error}
              onRetry={() => void list.refetch()}
              isEmpty={rows.length === 0}
              empty={
                <>
                  <Typography>{translate('dsr.forms.empty')}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {translate('dsr.forms.empty_hint')}
                  </Typography>
                </>
              }
            />
          </TableBody>
        </Table>
      </TableContainer>
      {pages > 1 ? <Pagination sx={{ mt: 2 }} count={pages} page={page} onChange={(_, p) => setPage(p)} /> : null}
      {editing ? (
        <DsrFormDialog form={editing === 'new' ? undefined : editing} busy={creating || updating} onClose={() => setEditing(null)} onSave={save} />
      ) : null}
      <TypedDeleteDialog open={!!deleting} busy={removing} onClose={() => setDeleting(null)} onConfirm={() => deleting && removeForm(deleting)} />
    </Box>
  );
}
