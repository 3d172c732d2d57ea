import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { PublicShell } from '../../../src/components/PublicShell';
import { useTexts } from '../../../src/i18n/i18nProvider';
import { useEndFirstPaint } from '../../../src/pages/firstPaint';
import { PreferenceCodeStep } from './PreferenceCodeStep';
import { PreferenceConsentList } from './PreferenceConsentList';
import { PreferenceEmailStep } from './PreferenceEmailStep';
import { usePreferenceStep } from './preferenceStep';

/**
 * `/preferences/{companyId}`: a data subject's preference centre. The e-mail, then the one-time code
 * sent to it, then every consent they gave the company, each withdrawable. The verified view is a
 * token of 30 minutes, kept for this tab only (preferenceStep.ts).
 */
export default function PreferenceCentrePage() {
  useTexts('consent');
  useEndFirstPaint(true);
  const translate = useTranslate();
  const { companyId = '' } = useParams();
  const [state, go] = usePreferenceStep(companyId);
  const restart = () => go({ step: 'email' });
  return (
    <PublicShell>
      {state.step !== 'email' ? (
        <Typography variant="overline" color="text.secondary" component="p">
          {translate('consent.preferences.title')}
        </Typography>
      ) : null}
      {state.step === 'email' ? <PreferenceEmailStep companyId={companyId} onSent={(pending) => go({ step: 'code', pending })} /> : null}
      {state.step === 'code' ? (
        <PreferenceCodeStep
          companyId={companyId}
          pending={state.pending}
          onVerified={(verified) => go({ step: 'list', ...verified })}
          onRestart={restart}
        />
      ) : null}
      {state.step === 'list' ? <PreferenceConsentList companyId={companyId} token={state.token} onRestart={restart} /> : null}
    </PublicShell>
  );
}
