import { Alert, MenuItem, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { DPO_SECTORS, dpoReasons, type DpoAnswers } from '../../contract/dpo';
import type { AppDataProvider } from '../../dataProvider';
import { QuestionnaireDialog, YesNoQuestion } from '../../src/components/QuestionnaireDialog';
import { SCREEN } from './dpoApi';

const EMPTY: DpoAnswers = { publicAuthority: false, systematicMonitoring: false, sector: 'other', subjectCount: 0, sensitiveCore: false, note: '' };

/** The s.41 questionnaire: each answer is kept with its date; the result is the server's, shown ahead as the answers change. */
export function AssessmentDialog({ previous, onClose }: { previous?: DpoAnswers; onClose(): void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [a, setA] = useState<DpoAnswers>(previous ?? EMPTY);
  const t = (key: string) => translate(`dpo.assessment.${key}`);
  const yesNo = (key: 'publicAuthority' | 'systematicMonitoring' | 'sensitiveCore', label: string) => (
    <YesNoQuestion id={`dpo-${key}`} label={label} value={a[key]} onChange={(v) => setA({ ...a, [key]: v })} />
  );
  const reasons = dpoReasons(a);
  return (
    <QuestionnaireDialog
      title={t('title')}
      intro={t('intro')}
      cancelLabel={translate('dpo.form.cancel')}
      submitLabel={t('submit')}
      save={() => dataProvider.saveDpoAssessment(a)}
      savedKey="dpo.assessment.saved"
      queryKey={['dpo-assessments']}
      screenCode={SCREEN.assessmentSave}
      onClose={onClose}
    >
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
    </QuestionnaireDialog>
  );
}
