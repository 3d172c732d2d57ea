import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { DPO_SECTORS, dpoReasons, type DpoAnswers } from '../../contract/dpo';
import type { AppDataProvider } from '../../dataProvider';
import { useNotifyError } from '../../src/components/ErrorToast';
import { SCREEN } from './dpoApi';

const EMPTY: DpoAnswers = { publicAuthority: false, systematicMonitoring: false, sector: 'other', subjectCount: 0, sensitiveCore: false, note: '' };

/** The s.41 questionnaire: each answer is kept with its date; the result is the server's, shown ahead as the answers change. */
export function AssessmentDialog({ previous, onClose }: { previous?: DpoAnswers; onClose(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [a, setA] = useState<DpoAnswers>(previous ?? EMPTY);
  const [busy, setBusy] = useState(false);
  const t = (key: string) => translate(`dpo.assessment.${key}`);
  const yesNo = (key: 'publicAuthority' | 'systematicMonitoring' | 'sensitiveCore', label: string) => (
    <FormControl>
      <FormLabel id={`dpo-${key}`}>{label}</FormLabel>
      <RadioGroup row aria-labelledby={`dpo-${key}`} value={a[key] ? 'yes' : 'no'} onChange={(e) => setA({ ...a, [key]: e.target.value === 'yes' })}>
        <FormControlLabel value="yes" control={<Radio />} label={t('yes')} />
        <FormControlLabel value="no" control={<Radio />} label={t('no')} />
      </RadioGroup>
    </FormControl>
  );
  const reasons = dpoReasons(a);
  const submit = async () => {
    setBusy(true);
    try {
      await dataProvider.saveDpoAssessment(a);
      notify('dpo.assessment.saved', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['dpo-assessments'] });
      onClose();
    } catch (e) {
      notifyError(e, SCREEN.assessmentSave);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{t('title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('intro')}
        </Typography>
        <Stack spacing={2}>
          {yesNo('publicAuthority', t('public_authority'))}
          {yesNo('systematicMonitoring', t('systematic_monitoring'))}
          <TextField select label={t('sector')} value={a.sector} onChange={(e) => setA({ ...a, sector: e.target.value as DpoAnswers['sector'] })}>
            {DPO_SECTORS.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`sectors.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="number"
            label={t('subject_count')}
            helperText={t('subject_hint')}
            value={a.subjectCount}
            onChange={(e) => setA({ ...a, subjectCount: Math.max(0, Math.floor(Number(e.target.value) || 0)) })}
            slotProps={{ htmlInput: { min: 0, step: 1000 } }}
          />
          {yesNo('sensitiveCore', t('sensitive_core'))}
          <TextField label={t('note')} value={a.note} onChange={(e) => setA({ ...a, note: e.target.value })} multiline minRows={2} />
          <Alert severity={reasons.length ? 'warning' : 'success'} role="status">
            {t(reasons.length ? 'required' : 'not_required')}
            {reasons.map((r) => (
              <Typography key={r} variant="body2">
                {t(`reasons.${r}`)}
              </Typography>
            ))}
          </Alert>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('dpo.form.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy}>
          {t('submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
