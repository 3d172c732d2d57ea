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
import { SME_BUSINESS_TYPES, smeResult, type SmeAnswers } from '../../contract/ropaSme';
import type { AppDataProvider } from '../../dataProvider';
import { useNotifyError } from '../../src/components/ErrorToast';
import { ROPA_CODES } from './ropaUi';
import { SmeResultBox } from './SmeCard';

const EMPTY: SmeAnswers = {
  businessType: 'services',
  staffCount: 0,
  revenueMillion: 0,
  sensitiveData: false,
  riskyProcessing: false,
  notOccasional: false,
  note: '',
};

/** The SME exemption wizard: each question with why it is asked; the result shown as the answers change, kept by the server with its date. */
export function SmeDialog({ previous, onClose }: { previous?: SmeAnswers; onClose(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [a, setA] = useState<SmeAnswers>(previous ?? EMPTY);
  const [busy, setBusy] = useState(false);
  const t = (key: string) => translate(`ropa.sme.${key}`);
  const yesNo = (key: 'sensitiveData' | 'riskyProcessing' | 'notOccasional', label: string) => (
    <FormControl>
      <FormLabel id={`sme-${key}`}>{t(label)}</FormLabel>
      <RadioGroup row aria-labelledby={`sme-${key}`} value={a[key] ? 'yes' : 'no'} onChange={(e) => setA({ ...a, [key]: e.target.value === 'yes' })}>
        <FormControlLabel value="yes" control={<Radio />} label={t('yes')} />
        <FormControlLabel value="no" control={<Radio />} label={t('no')} />
      </RadioGroup>
      <FormHelperText sx={{ mx: 0 }}>{t(`${label}_why`)}</FormHelperText>
    </FormControl>
  );
  const submit = async () => {
    setBusy(true);
    try {
      await dataProvider.saveSmeAssessment(a);
      notify('ropa.sme.saved', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['ropa-sme'] });
      onClose();
    } catch (e) {
      notifyError(e, ROPA_CODES.sme);
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
          <TextField
            select
            label={t('business_type')}
            helperText={t('business_type_why')}
            value={a.businessType}
            onChange={(e) => setA({ ...a, businessType: e.target.value as SmeAnswers['businessType'] })}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'sme-business-type' } as object } }}
          >
            {SME_BUSINESS_TYPES.map((b) => (
              <MenuItem key={b} value={b}>
                {t(`types.${b}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="number"
            label={t('staff')}
            helperText={t('staff_why')}
            value={a.staffCount}
            onChange={(e) => setA({ ...a, staffCount: Math.max(0, Math.floor(Number(e.target.value) || 0)) })}
            slotProps={{ htmlInput: { min: 0, step: 1, 'data-testid': 'sme-staff' } }}
          />
          <TextField
            type="number"
            label={t('revenue')}
            helperText={t('revenue_why')}
            value={a.revenueMillion}
            onChange={(e) => setA({ ...a, revenueMillion: Math.max(0, Number(e.target.value) || 0) })}
            slotProps={{ htmlInput: { min: 0, step: 1, 'data-testid': 'sme-revenue' } }}
          />
          {yesNo('sensitiveData', 'sensitive')}
          {yesNo('riskyProcessing', 'risky')}
          {yesNo('notOccasional', 'not_occasional')}
          <TextField label={t('note')} value={a.note} onChange={(e) => setA({ ...a, note: e.target.value })} multiline minRows={2} />
          <SmeResultBox result={smeResult(a)} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy} data-testid="sme-submit">
          {t('submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
