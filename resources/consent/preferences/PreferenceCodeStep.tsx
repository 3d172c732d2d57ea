import { Button } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { preferenceVerifyBody } from '../../../contract/consentPreferences';
import type { AppDataProvider } from '../../../dataProvider';
import { EmailCodeStep } from '../../../src/components/EmailCodeStep';

export interface PreferencePending {
  verificationId: string;
  email: string;
  expiresAt: string;
}

const TEXTS = {
  title: 'consent.preferences.code_title',
  label: 'consent.preferences.code',
  format: 'consent.preferences.code_format',
  resent: 'consent.preferences.resent',
  verify: 'consent.preferences.verify',
  verifying: 'consent.preferences.verifying',
  resend: 'consent.preferences.resend',
};

/** The second step: the code e-mailed to the subject, for the verified view; a new code may be asked (limited per address). */
export function PreferenceCodeStep({
  companyId,
  pending: first,
  onVerified,
  onRestart,
}: {
  companyId: string;
  pending: PreferencePending;
  onVerified(verified: { token: string; expiresAt: string }): void;
  onRestart(): void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [pending, setPending] = useState(first);
  return (
    <EmailCodeStep
      code={preferenceVerifyBody.shape.code}
      texts={TEXTS}
      intro={translate('consent.preferences.code_text', { email: pending.email })}
      verify={(code) => dataProvider.verifyPreferenceCode({ companyId, verificationId: pending.verificationId, code })}
      onVerified={(verified) => onVerified({ token: verified.token, expiresAt: verified.expiresAt })}
      resend={async () => {
        // a new code is a new verification: the next check names it
        const next = await dataProvider.askPreferenceCode({ companyId, email: pending.email, lang: locale });
        setPending(next);
        return next;
      }}
      actions={<Button onClick={onRestart}>{translate('consent.preferences.other_email')}</Button>}
      testId="preferences-code-step"
    />
  );
}
