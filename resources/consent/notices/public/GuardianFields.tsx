import { Checkbox, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { GUARDIAN_SOLE_AGE } from '../../../../contract/consent';

export interface Guardian {
  name: string;
  relation: string;
  consent: boolean;
}
export const NO_GUARDIAN: Guardian = { name: '', relation: '', consent: false };
export const guardianComplete = (g: Guardian) => Boolean(g.name.trim() && g.relation.trim() && g.consent);

/** The holder of parental responsibility of a person under 20 (s.20; under 10 they consent alone). */
export function GuardianFields({ age, value, onChange }: { age: number; value: Guardian; onChange(value: Guardian): void }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`consent.public.${key}`);
  return (
    <Stack spacing={1.5} sx={{ p: 1.5, bgcolor: 'warning.50', border: 1, borderColor: 'warning.light', borderRadius: 1 }}>
      <Typography variant="body2">{t(age < GUARDIAN_SOLE_AGE ? 'minor_sole' : 'minor')}</Typography>
      <TextField required label={t('guardianName')} value={value.name} onChange={(e) => onChange({ ...value, name: e.target.value })} />
      <TextField required label={t('guardianRelation')} value={value.relation} onChange={(e) => onChange({ ...value, relation: e.target.value })} />
      <FormControlLabel
        label={t('guardianConsent')}
        control={<Checkbox checked={value.consent} onChange={(e) => onChange({ ...value, consent: e.target.checked })} />}
      />
    </Stack>
  );
}
