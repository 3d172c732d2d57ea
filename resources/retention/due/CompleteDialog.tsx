import { Button, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { NumberInput, TextInput, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { DSR_FILE_MAX_BYTES } from '../../../contract/dsr';
import { retentionCompleteBody, type RetentionCompleteBody, type RetentionItem } from '../../../contract/retention';
import type { AppDataProvider } from '../../../dataProvider';
import { useNotifyError } from '../../../src/components/ErrorToast';
import { FormDialog } from '../../../src/components/FormDialog';
import { formResolver } from '../../../src/components/formResolver';
import { fieldErrorsOf } from '../../../src/components/serverFieldError';
import { ThaiDateSourceInput } from '../../../src/components/ThaiDateSourceInput';
import { readFileInput } from '../../dsr/dsrApi';
import { DUE_CODES } from './codes';

/** Completing an item: how it was deleted, how many records, when the backups expire, a file of proof; then its deletion record. */
export function CompleteDialog({ item, onClose }: { item: RetentionItem | null; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  // the file is read at submit; the contract checks the base64 it becomes
  const [file, setFile] = useState<File | null>(null);
  const tooLarge = !!file && file.size > DSR_FILE_MAX_BYTES;
  // the form holds the item's id beside the fields: the same rules, without the body's strictness
  const resolver = useMemo(() => formResolver(z.object(retentionCompleteBody.omit({ file: true }).shape), 'common.required'), []);
  const complete = useMutation({
    mutationFn: async (body: Omit<RetentionCompleteBody, 'file'>) =>
      dataProvider.completeRetentionItem({ ...body, id: item!.id, file: file ? await readFileInput(file) : null }),
  });
  const submit = async (values: Record<string, unknown>) => {
    if (tooLarge) return undefined;
    try {
      await complete.mutateAsync(values as Omit<RetentionCompleteBody, 'file'>);
      notify('retention.due.completed', { type: 'success' });
      setFile(null);
      onClose();
      refresh();
      await queryClient.invalidateQueries({ queryKey: ['retention-due'] });
      return undefined;
    } catch (error) {
      const onField = fieldErrorsOf(error);
      if (!onField) notifyError(error, DUE_CODES.complete);
      return onField;
    }
  };
  return (
    <FormDialog
      open={Boolean(item)}
      title={translate('retention.due.complete_title')}
      record={{ id: item?.id, note: '', deletedCount: null, backupsExpireOn: null }}
      resolver={resolver}
      onSubmit={submit}
      onClose={onClose}
      busy={complete.isPending}
      submitLabel="retention.due.complete"
    >
      <Typography variant="body2" sx={{ mb: 1 }}>
        {item ? `${item.category} · ${item.system} · ${item.label}` : ''}
      </Typography>
      <TextInput source="note" label={translate('retention.due.note')} multiline minRows={2} fullWidth />
      <NumberInput source="deletedCount" label={translate('retention.due.deleted_count')} min={0} step={1} fullWidth />
      <ThaiDateSourceInput source="backupsExpireOn" label={translate('retention.due.backups_expire_on')} yearsAhead={10} />
      <Button variant="outlined" component="label" sx={{ alignSelf: 'flex-start', mt: 1 }}>
        {translate('retention.due.file')}
        <input hidden type="file" accept="application/pdf,image/jpeg,image/png" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </Button>
      {file ? (
        <Typography variant="body2" color={tooLarge ? 'error' : 'text.secondary'}>
          {file.name}
          {tooLarge ? ` — ${translate('server.dsr_file_too_large')}` : ''}
        </Typography>
      ) : null}
    </FormDialog>
  );
}
