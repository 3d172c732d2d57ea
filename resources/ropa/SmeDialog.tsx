import { MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { SME_BUSINESS_TYPES, smeResult, type SmeAnswers } from '../../contract/ropaSme';
import type { AppDataProvider } from '../../dataProvider';
import { QuestionnaireDialog, YesNoQuestion } from '../../src/components/QuestionnaireDialog';
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
  const dataProvider = useDataProvider<AppDataProvider>();
  const [a, setA] = useState<SmeAnswers>(previous ?? EMPTY);
  const t = (key: string) => translate(`ropa.sme.${key}`);
  const yesNo = (key: 'sensitiveData' | 'riskyProcessing' | 'notOccasional', label: string) => (
    <YesNoQuestion id={`sme-${key}`} label={t(label)} why={t(`${label}_why`)} value={a[key]} onChange={(v) => setA({ ...a, [key]: v })} />
  );
  return (
    <QuestionnaireDialog
      title={t('title')}
      intro={t('intro')}
      cancelLabel={t('cancel')}
      submitLabel={t('submit')}
      submitTestId="sme-submit"
      save={() => dataProvider.saveSmeAssessment(a)}
      savedKey="ropa.sme.saved"
      queryKey={['ropa-sme']}
      screenCode={ROPA_CODES.sme}
      onClose={onClose}
    >
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
    </QuestionnaireDialog>
  );
}
