import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDelete, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { SheetAction, SheetDetail } from '../../contract/sheets';
import { useNotifyError } from '../../src/components/ErrorToast';
import { ApproveDialog } from '../../src/components/ApproveDialog';
import { TypedDeleteDialog } from '../../src/components/TypedDeleteDialog';
import { CODES, useSheetsApi } from './sheetsApi';

const PRIMARY: SheetAction[] = ['submit', 'approve', 'publish'];

/** The state changes the document allows now (for those who may edit), and its PDF and DOCX for everyone. */
export function SheetActions({ sheet, canEdit, onChanged }: { sheet: SheetDetail; canEdit: boolean; onChanged: (s: SheetDetail) => void }) {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const api = useSheetsApi();
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [approving, setApproving] = useState(false);
  const [deleteSheet] = useDelete();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = () =>
    deleteSheet(
      'sheets',
      { id: sheet.id, previousData: sheet },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('sheets.edit.deleted', { type: 'success' });
          void queryClient.invalidateQueries({ queryKey: ['sheets', 'getList'] });
          navigate('/sheets/list');
        },
        onError: (err) => notifyError(err, CODES.remove),
      },
    );
  const run = async (action: SheetAction) => {
    setBusy(true);
    try {
      onChanged(await api.sheetAction({ id: sheet.id, action }));
    } catch (err) {
      notifyError(err, CODES.action);
    } finally {
      setBusy(false);
    }
  };
  const download = async (format: 'pdf' | 'docx') => {
    try {
      await api.exportSheet({ id: sheet.id, format, name: `${sheet.title}-v${sheet.publishedVersion ?? sheet.version}` });
    } catch (err) {
      notifyError(err, CODES.export);
    }
  };
  const mayApprove = canEdit && sheet.actions.includes('approve');
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {mayApprove ? (
        <Alert severity={sheet.selfApproval === 'refused' ? 'warning' : 'info'} sx={{ width: '100%' }} data-testid="sheet-approval-rule">
          {translate(sheet.selfApproval === 'none' ? 'sheets.approval.rule' : `sheets.approval.${sheet.selfApproval}`)}
        </Alert>
      ) : null}
      {canEdit
        ? sheet.actions.map((action) => (
            <Button
              key={action}
              size="small"
              disabled={busy || (action === 'approve' && sheet.selfApproval === 'refused')}
              variant={PRIMARY.includes(action) ? 'contained' : 'outlined'}
              color={action === 'archive' || action === 'reject' ? 'warning' : 'primary'}
              // approval asks first, naming the document (four eyes)
              onClick={() => (action === 'approve' ? setApproving(true) : void run(action))}
            >
              {translate(`sheets.actions.${action}`)}
            </Button>
          ))
        : null}
      <Button size="small" variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download('pdf')}>
        {translate('sheets.edit.export_pdf')}
      </Button>
      <Button size="small" variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download('docx')}>
        {translate('sheets.edit.export_docx')}
      </Button>
      {canEdit && sheet.publishedVersion === null ? (
        <Button size="small" color="error" onClick={() => setRemoving(true)}>
          {translate('sheets.edit.delete')}
        </Button>
      ) : null}
      <ApproveDialog
        open={approving}
        name={sheet.title}
        busy={busy}
        onClose={() => setApproving(false)}
        onConfirm={() => {
          setApproving(false);
          void run('approve');
        }}
      />
      <TypedDeleteDialog open={removing} onClose={() => setRemoving(false)} onConfirm={remove} />
    </Box>
  );
}
