import { Alert, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { useLocaleState, useTranslate } from 'react-admin';
import type { DpoAssessment } from '../../contract/dpo';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { QuestionnaireCard } from '../../src/components/QuestionnaireCard';
import { AssessmentDialog } from './AssessmentDialog';

/**
 * "Do we need a DPO?": the newest answers' result (required or not, why, the fine), earlier answers, and a new
 * round. `inOffice`: a DPO holds the post now, so a requirement is met, not a warning.
 */
export function AssessmentCard({ query, inOffice = false }: { query: UseQueryResult<DpoAssessment[]>; inOffice?: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const canEdit = useCanEdit('dpo');
  const t = (key: string, options?: Record<string, unknown>) => translate(`dpo.assessment.${key}`, options);
  const amount = (n: number) => n.toLocaleString(locale === 'en' ? 'en-GB' : 'th-TH');
  return (
    <QuestionnaireCard
      query={query}
      texts="dpo.assessment"
      canEdit={canEdit}
      testId="dpo-assessment"
      titleVariant="h6"
      result={(latest) => (
        <Alert severity={latest.required && !inOffice ? 'warning' : 'success'}>
          <Typography sx={{ fontWeight: 700 }}>{t(latest.required ? (inOffice ? 'required_met' : 'required') : 'not_required')}</Typography>
          {latest.required ? (
            <>
              <Typography variant="body2">{t('because')}:</Typography>
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {latest.reasons.map((r) => (
                  <li key={r}>
                    <Typography variant="body2">{t(`reasons.${r}`)}</Typography>
                  </li>
                ))}
              </ul>
              <Typography variant="body2" sx={{ mt: 1 }}>
                {t('fine', { amount: amount(latest.fineBaht) })}
              </Typography>
            </>
          ) : (
            <Typography variant="body2">{t('not_required_hint')}</Typography>
          )}
        </Alert>
      )}
      resultLabel={(a) => t(a.required ? 'required' : 'not_required')}
      dialog={(latest, onClose) => <AssessmentDialog previous={latest?.answers} onClose={onClose} />}
    />
  );
}
