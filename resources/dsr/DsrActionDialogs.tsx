import { Alert, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { NumberInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import {
  DSR_FILE_MAX_BYTES,
  DSR_MAX_EXTENSION_DAYS,
  DSR_NEEDS_PROOF,
  DSR_STATUS,
  REFUSAL_GROUNDS,
  dsrExtendBody,
  dsrStateChangeBody,
  statusKeyOf,
  type RefusalGround,
} from '../../contract/dsr';
import { FormDialog } from '../../src/components/FormDialog';
import { formResolver } from '../../src/components/formResolver';
import { readFileInput } from './dsrApi';

const stateResolver = formResolver(dsrStateChangeBody, 'dsr.change.required');
const extendResolver = formResolver(dsrExtendBody, 'dsr.change.required');

interface StateProps {
  requestId: string;
  statusId: number;
  busy: boolean;
  onClose(): void;
  onSave(body: {
    requestId: string;
    statusId: number;
    note: string;
    refusal?: { legalGround: RefusalGround; reasons: string };
    proof?: { text: string; file?: { name: string; contentBase64: string } };
  }): void;
}

/** Moves a request to a state: a refusal asks its legal ground and reasons, a fulfilment its proof. */
export function StateChangeDialog({ requestId, statusId, busy, onClose, onSave }: StateProps) {
  const translate = useTranslate();
  // the proof's file is read at submit; the contract checks the base64 it becomes
  const [file, setFile] = useState<File | null>(null);
  const refusing = statusId === DSR_STATUS.refused;
  const proving = DSR_NEEDS_PROOF.includes(statusId);
  const fileTooLarge = !!file && file.size > DSR_FILE_MAX_BYTES;
  const record = {
    id: requestId,
    requestId,
    statusId,
    note: '',
    ...(refusing ? { refusal: { legalGround: null, reasons: '' } } : {}),
    ...(proving ? { proof: { text: '' } } : {}),
  };
  const submit = async (values: FieldValues) => {
    if (fileTooLarge) return;
    const body = values as Parameters<StateProps['onSave']>[0];
    onSave(proving && file ? { ...body, proof: { text: body.proof!.text, file: await readFileInput(file) } } : body);
  };
  return (
    <FormDialog
      open
      title={translate('dsr.change.title', { status: translate(`dsr.status.${statusKeyOf(statusId)}`) })}
      record={record}
      resolver={stateResolver}
      onSubmit={(values) => void submit(values)}
      onClose={onClose}
      busy={busy}
      cancelLabel="ra.action.cancel"
      submitLabel="dsr.change.save"
    >
      <Stack spacing={1}>
        {refusing ? (
          <>
            <Alert severity="info" sx={{ mb: 1 }}>
              {translate('dsr.change.refusal_hint')}
            </Alert>
            <SelectInput
              source="refusal.legalGround"
              label={translate('dsr.change.ground')}
              choices={REFUSAL_GROUNDS.map((g) => ({ id: g, name: translate(`dsr.grounds.${g}`) }))}
              fullWidth
            />
            <TextInput source="refusal.reasons" label={translate('dsr.change.reasons')} multiline minRows={3} fullWidth />
          </>
        ) : proving ? (
          <>
            <TextInput source="proof.text" label={translate('dsr.change.proof_text')} multiline minRows={3} fullWidth />
            <Button variant="outlined" component="label" sx={{ alignSelf: 'flex-start' }}>
              {translate('dsr.change.proof_file')}
              <input hidden type="file" accept="application/pdf,image/jpeg,image/png" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
            </Button>
            {file ? (
              <Typography variant="body2" color={fileTooLarge ? 'error' : 'text.secondary'}>
                {file.name}
                {fileTooLarge ? ` — ${translate('dsr.public.file_too_large')}` : ''}
              </Typography>
            ) : null}
          </>
        ) : (
          <TextInput source="note" label={translate('dsr.change.note')} multiline minRows={2} fullWidth />
        )}
      </Stack>
    </FormDialog>
  );
}

interface ExtendProps {
  requestId: string;
  busy: boolean;
  onClose(): void;
  onSave(body: { requestId: string; days: number; reason: string }): void;
}

/** One extension of the clock, with the reason the requester is e-mailed. */
export function ExtendDialog({ requestId, busy, onClose, onSave }: ExtendProps) {
  const translate = useTranslate();
  return (
    <FormDialog
      open
      title={translate('dsr.extend.title')}
      record={{ id: requestId, requestId, days: 30, reason: '' }}
      resolver={extendResolver}
      onSubmit={(values) => onSave(values as Parameters<ExtendProps['onSave']>[0])}
      onClose={onClose}
      busy={busy}
      cancelLabel="ra.action.cancel"
      submitLabel="dsr.extend.save"
    >
      <NumberInput source="days" label={translate('dsr.extend.days')} min={1} max={DSR_MAX_EXTENSION_DAYS} step={1} fullWidth />
      <TextInput source="reason" label={translate('dsr.extend.reason')} multiline minRows={3} fullWidth />
    </FormDialog>
  );
}
