import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, Chip, IconButton, Link, Pagination, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { RIGHT_SECTION, type DsrForm, type DsrFormInput } from '../../contract/dsr';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { TypedDeleteDialog } from '../../src/components/TypedDeleteDialog';
import { DsrFormDialog } from './DsrFormDialog';
import { SCREEN, deleteForm, fetchForms, saveForm } from './dsrApi';

/** `/consents/datasubject/form`: the company's request forms and their public links. */
export function DsrFormList() {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const canEdit = useCanEdit('consents');
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<DsrForm | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DsrForm | null>(null);
  const list = useQuery({ queryKey: ['dsr-forms', page], queryFn: () => fetchForms(page), placeholderData: keepPreviousData });
  useEffect(() => {
    if (list.error) notifyError(list.error, SCREEN.formList);
  }, [list.error, notifyError]);
  const save = useMutation({
    mutationFn: (input: DsrFormInput) => saveForm(input, editing && editing !== 'new' ? editing._id : undefined),
    onSuccess: () => {
      setEditing(null);
      notify('dsr.forms.saved', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['dsr-forms'] });
    },
    onError: (e) => notifyError(e, SCREEN.formSave),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteForm(id),
    onSuccess: () => {
      setDeleting(null);
      notify('dsr.forms.deleted', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['dsr-forms'] });
    },
    onError: (e) => (setDeleting(null), notifyError(e, SCREEN.formDelete)),
  });
  const rows = list.data?.formList ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.totalItem ?? 0) / 20));
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
                  <Chip size="small" color={f.status ? 'success' : 'default'} label={translate(f.status ? 'dsr.forms.published' : 'dsr.forms.unpublished')} />
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
            {!list.isLoading && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={6} sx={{ textAlign: 'center', py: 4 }}>
                  <Typography>{translate('dsr.forms.empty')}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {translate('dsr.forms.empty_hint')}
                  </Typography>
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      {pages > 1 ? <Pagination sx={{ mt: 2 }} count={pages} page={page} onChange={(_, p) => setPage(p)} /> : null}
      {editing ? <DsrFormDialog form={editing === 'new' ? undefined : editing} busy={save.isPending} onClose={() => setEditing(null)} onSave={(input) => save.mutate(input)} /> : null}
      <TypedDeleteDialog open={!!deleting} busy={remove.isPending} onClose={() => setDeleting(null)} onConfirm={() => deleting && remove.mutate(deleting._id)} />
    </Box>
  );
}
