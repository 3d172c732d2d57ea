import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  DSR_FILE_MAX_BYTES,
  DSR_MAX_EXTENSION_DAYS,
  DSR_NEEDS_PROOF,
  DSR_STATUS,
  REFUSAL_GROUNDS,
  statusKeyOf,
  type RefusalGround,
} from '../../contract/dsr';
import { readFileInput } from './dsrApi';

interface StateProps {
  statusId: number;
  busy: boolean;
  onClose(): void;
  onSave(body: {
    statusId: number;
    note: string;
    refusal?: { legalGround: RefusalGround; reasons: string };
    proof?: { text: string; file?: { name: string; contentBase64: string } };
  }): void;
}

/** Moves a request to a state: a refusal asks its legal ground and reasons, a fulfilment its proof. */
export function StateChangeDialog({ statusId, busy, onClose, onSave }: StateProps) {
  const translate = useTranslate();
  const [note, setNote] = useState('');
  const [ground, setGround] = useState<RefusalGround | ''>('');
  const [reasons, setReasons] = useState('');
  const [proofText, setProofText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [tried, setTried] = useState(false);
  const refusing = statusId === DSR_STATUS.refused;
  const proving = DSR_NEEDS_PROOF.includes(statusId);
  const fileTooLarge = !!file && file.size > DSR_FILE_MAX_BYTES;
  const valid = (!refusing || (ground && reasons.trim())) && (!proving || proofText.trim()) && !fileTooLarge;
  const submit = async () => {
    setTried(true);
    if (!valid) return;
    onSave({
      statusId,
      note,
      ...(refusing && ground ? { refusal: { legalGround: ground, reasons } } : {}),
      ...(proving ? { proof: { text: proofText, ...(file ? { file: await readFileInput(file) } : {}) } } : {}),
    });
  };
  const required = translate('dsr.change.required');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('dsr.change.title', { status: translate(`dsr.status.${statusKeyOf(statusId)}`) })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {refusing ? (
            <>
              <Alert severity="info">{translate('dsr.change.refusal_hint')}</Alert>
              <TextField
                select
                required
                label={translate('dsr.change.ground')}
                value={ground}
                onChange={(e) => setGround(e.target.value as RefusalGround)}
                error={tried && !ground}
                helperText={tried && !ground ? required : undefined}
              >
                {REFUSAL_GROUNDS.map((g) => (
                  <MenuItem key={g} value={g}>
                    {translate(`dsr.grounds.${g}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                required
                multiline
                minRows={3}
                label={translate('dsr.change.reasons')}
                value={reasons}
                onChange={(e) => setReasons(e.target.value)}
                error={tried && !reasons.trim()}
                helperText={tried && !reasons.trim() ? required : undefined}
              />
            </>
          ) : proving ? (
            <>
              <TextField
                required
                multiline
                minRows={3}
                label={translate('dsr.change.proof_text')}
                value={proofText}
                onChange={(e) => setProofText(e.target.value)}
                error={tried && !proofText.trim()}
                helperText={tried && !proofText.trim() ? required : undefined}
              />
              <Button variant="outlined" component="label">
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
            <TextField multiline minRows={2} label={translate('dsr.change.note')} value={note} onChange={(e) => setNote(e.target.value)} />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={submit}>
          {translate('dsr.change.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** One extension of the clock, with the reason the requester is e-mailed. */
export function ExtendDialog({ busy, onClose, onSave }: { busy: boolean; onClose(): void; onSave(body: { days: number; reason: string }): void }) {
  const translate = useTranslate();
  const [days, setDays] = useState('30');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const n = Number(days);
  const daysOk = Number.isInteger(n) && n >= 1 && n <= DSR_MAX_EXTENSION_DAYS;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('dsr.extend.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            type="number"
            required
            label={translate('dsr.extend.days')}
            value={days}
            onChange={(e) => setDays(e.target.value)}
            error={tried && !daysOk}
            slotProps={{ htmlInput: { min: 1, max: DSR_MAX_EXTENSION_DAYS } }}
          />
          <TextField
            required
            multiline
            minRows={3}
            label={translate('dsr.extend.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={tried && !reason.trim()}
            helperText={tried && !reason.trim() ? translate('dsr.change.required') : undefined}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy}
          onClick={() => {
            setTried(true);
            if (daysOk && reason.trim()) onSave({ days: n, reason });
          }}
        >
          {translate('dsr.extend.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
