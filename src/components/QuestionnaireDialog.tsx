import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNotifyError } from './ErrorToast';

/** One yes/no question of a questionnaire, with why it is asked under it when given. */
export function YesNoQuestion({
  id,
  label,
  why,
  value,
  onChange,
}: {
  id: string;
  label: string;
  why?: string;
  value: boolean;
  onChange(value: boolean): void;
}) {
  const translate = useTranslate();
  return (
    <FormControl>
      <FormLabel id={id}>{label}</FormLabel>
      <RadioGroup row aria-labelledby={id} value={value ? 'yes' : 'no'} onChange={(e) => onChange(e.target.value === 'yes')}>
        <FormControlLabel value="yes" control={<Radio />} label={translate('common.yes')} />
        <FormControlLabel value="no" control={<Radio />} label={translate('common.no')} />
      </RadioGroup>
      {why ? <FormHelperText sx={{ mx: 0 }}>{why}</FormHelperText> : null}
    </FormControl>
  );
}

interface Props {
  title: string;
  intro: string;
  cancelLabel: string;
  submitLabel: string;
  submitTestId?: string;
  /** keeps a round of answers (the server dates it and names who answered) */
  save(): Promise<unknown>;
  /** the success text's key, the list to read again, the screen code of a failure */
  savedKey: string;
  queryKey: string[];
  screenCode: string;
  onClose(): void;
  children: ReactNode;
}

/**
 * A questionnaire whose every round of answers is kept (the DPO's s.41 questions, the ROPA's SME
 * exemption): the questions, then save → success text, the rounds read again, closed; a failure
 * shows its toast with the screen code and keeps the answers.
 */
export function QuestionnaireDialog({
  title,
  intro,
  cancelLabel,
  submitLabel,
  submitTestId,
  save,
  savedKey,
  queryKey,
  screenCode,
  onClose,
  children,
}: Props) {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await save();
      notify(savedKey, { type: 'success' });
      await queryClient.invalidateQueries({ queryKey });
      onClose();
    } catch (e) {
      notifyError(e, screenCode);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {intro}
        </Typography>
        <Stack spacing={2}>{children}</Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{cancelLabel}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy} data-testid={submitTestId}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
