import { MenuItem, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { SME_BODIES, SME_BUSINESS_TYPES, SME_ROLES, smeResult, type SmeAnswers } from '../../contract/ropaSme';
import type { AppDataProvider } from '../../dataProvider';
import { QuestionnaireDialog, YesNoQuestion } from '../../src/components/QuestionnaireDialog';
import { ROPA_CODES } from './ropaUi';
import { SmeResultBox } from './SmeCard';

const EMPTY: SmeAnswers = {
  body: 'sme',
  role: 'controller',
  businessType: 'services',
  staffCount: 0,
  revenueMillion: 0,
  sensitiveData: false,
  riskyProcessing: false,
  notOccasional: false,
  processorSensitive: false,
  processorRisky: false,
  processorNotOccasional: false,
  processingService: false,
  note: '',
};

type YesNoKey =
  'sensitiveData' | 'riskyProcessing' | 'notOccasional' | 'processorSensitive' | 'processorRisky' | 'processorNotOccasional' | 'processingService';

/** The SME exemption wizard: each question with why it is asked; the result shown as the answers change, kept by the server with its date. */
export function SmeDialog({ previous, onClose }: { previous?: SmeAnswers; onClose(): void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [a, setA] = useState<SmeAnswers>({ ...EMPTY, ...previous });
  const t = (key: string) => translate(`ropa.sme.${key}`);
  const yesNo = (key: YesNoKey, label: string) => (
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
        label={t('body')}
        helperText={t('body_why')}
        value={a.body}
        onChange={(e) => setA({ ...a, body: e.target.value as SmeAnswers['body'] })}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'sme-body' } as object } }}
      >
        {SME_BODIES.map((b) => (
          <MenuItem key={b} value={b}>
            {t(`bodies.${b}`)}
          </MenuItem>
        ))}
      </TextField>
      {a.body === 'sme' ? (
        <>
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
        </>
      ) : null}
      <TextField
        select
        label={t('role')}
        helperText={t('role_why')}
        value={a.role}
        onChange={(e) => setA({ ...a, role: e.target.value as SmeAnswers['role'] })}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'sme-role' } as object } }}
      >
        {SME_ROLES.map((r) => (
          <MenuItem key={r} value={r}>
            {t(`roles.${r}`)}
          </MenuItem>
        ))}
      </TextField>
      {a.role !== 'processor' ? (
        <>
          {yesNo('sensitiveData', 'sensitive')}
          {yesNo('riskyProcessing', 'risky')}
          {yesNo('notOccasional', 'not_occasional')}
        </>
      ) : null}
      {a.role !== 'controller' ? (
        <>
          <Typography variant="subtitle2" component="h3">
            {t('processor_title')}
          </Typography>
          {yesNo('processorSensitive', 'processor_sensitive')}
          {yesNo('processorRisky', 'processor_risky')}
          {yesNo('processorNotOccasional', 'processor_not_occasional')}
          {yesNo('processingService', 'processing_service')}
        </>
      ) : null}
      <TextField label={t('note')} value={a.note} onChange={(e) => setA({ ...a, note: e.target.value })} multiline minRows={2} />
      <SmeResultBox result={smeResult(a)} body={a.body} />
    </QuestionnaireDialog>
  );
}
