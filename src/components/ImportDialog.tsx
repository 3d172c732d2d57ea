import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { ImportPreview } from '../../contract/bulk';
import type { AppDataProvider } from '../../dataProvider';
import type { ImportFile } from '../../dataProvider/bulk';
import { useNotifyError } from './ErrorToast';

/** A file's bytes in base64, as the import routes take them. */
async function asUpload(file: File): Promise<ImportFile> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { name: file.name, contentBase64: btoa(binary) };
}

interface Props {
  resource: string;
  /** i18n key of what the rows are ("systems and data sets") */
  what: string;
  /** i18n key of what the import does beside writing the rows */
  note?: string;
  screenCode: string;
}

/**
 * The one import dialog: download the template, choose a file, read the server's preview
 * (every row's problems, in the reader's language), then import all rows at once. Nothing is written
 * before the import, and the server writes every row or none.
 */
export function ImportButton({ resource, what, note, screenCode }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [upload, setUpload] = useState<ImportFile>();
  const [preview, setPreview] = useState<ImportPreview>();

  const close = () => {
    setOpen(false);
    setUpload(undefined);
    setPreview(undefined);
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      notifyError(error, screenCode);
    } finally {
      setBusy(false);
    }
  };
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setPreview(undefined);
    void run(async () => {
      const chosen = await asUpload(file);
      setUpload(chosen);
      setPreview(await dataProvider.previewImport(resource, chosen));
    });
  };
  const commit = () =>
    run(async () => {
      if (!upload) return;
      try {
        const { imported } = await dataProvider.commitImport(resource, upload);
        notify(translate('lists.imported', { count: imported }), { type: 'success' });
        await queryClient.invalidateQueries({ queryKey: [resource] });
        close();
      } catch (error) {
        // the file changed since the preview: show what the server found now
        const body = (error as { body?: Partial<ImportPreview> }).body;
        if (body?.problems) setPreview((p) => p && { ...p, problems: body.problems!, problemCount: body.problemCount ?? body.problems!.length });
        throw error;
      }
    });

  const ready = preview && preview.problemCount === 0 && preview.rows > 0;
  return (
    <>
      <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setOpen(true)}>
        {translate('lists.import')}
      </Button>
      <Dialog open={open} onClose={busy ? undefined : close} fullWidth maxWidth="md" aria-labelledby="import-dialog-title">
        <DialogTitle id="import-dialog-title">{translate('lists.import_title', { what: translate(what) })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {translate('lists.import_steps')}
          </Typography>
          {note ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate(note)}
            </Alert>
          ) : null}
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              disabled={busy}
              onClick={() => void run(() => dataProvider.importTemplate(resource))}
            >
              {translate('lists.template')}
            </Button>
            <Button variant="contained" component="label" startIcon={<UploadFileIcon />} disabled={busy}>
              {translate('lists.choose_file')}
              <input
                hidden
                type="file"
                data-testid="import-file"
                accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={choose}
              />
            </Button>
            {busy ? <CircularProgress size={24} aria-label={translate('lists.checking')} /> : null}
            {upload ? <Typography variant="body2">{translate('lists.file_chosen', { name: upload.name })}</Typography> : null}
          </Box>
          {preview ? (
            <Box data-testid="import-preview">
              {preview.problemCount === 0 ? (
                <Alert severity="success">{translate('lists.no_problems', { count: preview.rows })}</Alert>
              ) : (
                <>
                  <Alert severity="error" sx={{ mb: 1 }}>
                    {translate('lists.rows_found', { count: preview.rows })} · {translate('lists.problems_found', { count: preview.problemCount })}
                  </Alert>
                  {preview.problems.length < preview.problemCount ? (
                    <Typography variant="caption">
                      {translate('lists.problems_more', { shown: preview.problems.length, count: preview.problemCount })}
                    </Typography>
                  ) : null}
                  <Box sx={{ maxHeight: 320, overflow: 'auto' }}>
                    <Table size="small" stickyHeader>
                      <TableHead>
                        <TableRow>
                          <TableCell>{translate('lists.row')}</TableCell>
                          <TableCell>{translate('lists.column')}</TableCell>
                          <TableCell>{translate('lists.problem')}</TableCell>
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {preview.problems.map((p, i) => (
                          <TableRow key={i} data-testid="import-problem">
                            <TableCell>{p.row}</TableCell>
                            <TableCell>{p.column}</TableCell>
                            <TableCell>{p.message}</TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </Box>
                </>
              )}
            </Box>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {translate('lists.close')}
          </Button>
          <Button variant="contained" onClick={() => void commit()} disabled={!ready || busy}>
            {translate('lists.commit', { count: preview?.rows ?? 0 })}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
