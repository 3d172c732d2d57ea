import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import { Alert, Link, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'ra-core';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { accountToken } from '../../contract/accounts';
import { failureText } from '../components/failureText';
import { AuthCard, BackToLogin, Checking, DoneMessage } from './AuthCard';
import { useTexts } from '../i18n/i18nProvider';
import { useAccountCalls } from './useAccountCalls';

interface Verified {
  companyCode: string;
  username: string;
}

/** A link works once: the page asks once per token, however often React runs the effect. */
const verifications = new Map<string, Promise<Verified>>();

/** `/verify-email?token=…`: opens the self-registered administrator's account. */
export default function VerifyEmailPage() {
  useTexts('server');
  const translate = useTranslate();
  const { verifyEmail } = useAccountCalls();
  const [params] = useSearchParams();
  const raw = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<{ verified?: Verified; error?: string }>();

  useEffect(() => {
    const token = accountToken.safeParse(raw);
    if (!token.success) {
      setOutcome({ error: translate('server.account_link_invalid') });
      return;
    }
    let current = true;
    if (!verifications.has(token.data)) {
      verifications.set(token.data, verifyEmail(token.data));
    }
    verifications
      .get(token.data)!
      .then((verified) => current && setOutcome({ verified }))
      .catch((err) => current && setOutcome({ error: failureText(err, translate) }));
    return () => {
      current = false;
    };
  }, [raw, translate, verifyEmail]);

  return (
    <AuthCard icon={<MarkEmailReadIcon />} title={translate('accounts.verify.title')}>
      {!outcome ? (
        <Checking />
      ) : outcome.verified ? (
        <DoneMessage title={translate('accounts.verify.done_title')} text={translate('accounts.verify.done', outcome.verified)} />
      ) : (
        <>
          <Alert severity="error" role="alert">
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
              {translate('accounts.verify.failed_title')}
            </Typography>
            {outcome.error}
          </Alert>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {translate('accounts.verify.expired_hint')}
          </Typography>
          <Link component={RouterLink} to="/forgot-password" variant="body2" sx={{ display: 'block', mt: 1 }}>
            {translate('accounts.forgot_link')}
          </Link>
          <BackToLogin />
        </>
      )}
    </AuthCard>
  );
}
