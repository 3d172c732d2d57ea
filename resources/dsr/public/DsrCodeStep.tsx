import { useDataProvider, useTranslate } from 'react-admin';
import { z } from 'zod';
import { dsrVerifyBody } from '../../../contract/dsrIntake';
import type { AppDataProvider } from '../../../dataProvider';
import { EmailCodeStep } from '../../../src/components/EmailCodeStep';
import type { DsrPending } from '../definition';

const code = dsrVerifyBody.shape.code.pipe(z.string());
const TEXTS = {
  title: 'dsr.intake.code.title',
  label: 'dsr.intake.code.label',
  format: 'dsr.intake.code.format',
  resent: 'dsr.intake.code.resent',
  verify: 'dsr.intake.code.verify',
  verifying: 'dsr.intake.code.verifying',
  resend: 'dsr.intake.code.resend',
};

/**
 * The public form's second step: the 6-digit code e-mailed to the requester. The request is filed
 * when it is right; a new code may be asked (limited per address). `pending.email` is empty when the
 * page was opened from the e-mail's link.
 */
export function DsrCodeStep({ pending, onDone }: { pending: DsrPending; onDone(filed: { referenceCode: string; dueAt: string }): void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  return (
    <EmailCodeStep
      code={code}
      texts={TEXTS}
      intro={pending.email ? translate('dsr.intake.code.text', { email: pending.email }) : translate('dsr.intake.code.text_again')}
      verify={(value) => dataProvider.verifyDsrRequest({ verificationId: pending.verificationId, code: value })}
      onVerified={onDone}
      resend={() => dataProvider.resendDsrCode({ verificationId: pending.verificationId })}
      testId="dsr-code-step"
    />
  );
}
