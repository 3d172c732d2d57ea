import LockResetIcon from '@mui/icons-material/LockReset';
import { Alert, Box, Button, FormControlLabel, FormLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'ra-core';
import { RESET_TOKEN_MINUTES, type ForgotPasswordBody } from '../../contract/accounts';
import { AccountField } from './AccountFields';
import { AuthCard, BackToLogin } from './AuthCard';
import { useAccountCalls } from './useAccountCalls';
import { useAccountForm } from './useAccountForm';

type By = 'username' | 'email';

/** `/forgot-password`: asks for a reset link. The page says the same whether or not the account exists (so does the server). */
export default function ForgotPasswordPage() {
  const translate = useTranslate();
  const { forgotPassword } = useAccountCalls();
  const [by, setBy] = useState<By>('username');
  const [sent, setSent] = useState(false);
  const form = useAccountForm({ companyCode: '', account: '' }, (v) => ({
    companyCode: v.companyCode.trim() ? undefined : translate('auth.required', { field: translate('accounts.fields.companyCode') }),
    account: v.account.trim() ? undefined : translate('auth.required', { field: translate(`accounts.fields.${by}`) }),
  }));

  const send = form.submit(async ({ companyCode, account }) => {
    await forgotPassword({ companyCode: companyCode.trim(), [by]: account.trim() } as ForgotPasswordBody);
    setSent(true);
  });

  return (
    <AuthCard icon={<LockResetIcon />} title={translate('accounts.forgot.title')}>
      {sent ? (
        <Alert severity="success" role="status">
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {translate('accounts.forgot.sent_title')}
          </Typography>
          {translate('accounts.forgot.sent', { minutes: RESET_TOKEN_MINUTES })}
        </Alert>
      ) : (
        <Box component="form" onSubmit={send} noValidate>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('accounts.forgot.intro')}
          </Typography>
          {form.error ? (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {form.error}
            </Alert>
          ) : null}
          <AccountField
            {...form.field('companyCode')}
            label={translate('accounts.fields.companyCode')}
            autoComplete="organization"
            required
            autoFocus
          />
          <FormLabel id="forgot-by" sx={{ mt: 1, display: 'block' }}>
            {translate('accounts.forgot.identify_by')}
          </FormLabel>
          <RadioGroup row aria-labelledby="forgot-by" value={by} onChange={(e) => setBy(e.target.value as By)}>
            <FormControlLabel value="username" control={<Radio />} label={translate('accounts.forgot.by_username')} />
            <FormControlLabel value="email" control={<Radio />} label={translate('accounts.forgot.by_email')} />
          </RadioGroup>
          <AccountField
            {...form.field('account')}
            name={by}
            id={by}
            label={translate(`accounts.fields.${by}`)}
            type={by === 'email' ? 'email' : 'text'}
            autoComplete={by === 'email' ? 'email' : 'username'}
            required
          />
          <Button type="submit" variant="contained" fullWidth size="large" disabled={form.busy} sx={{ mt: 1 }}>
            {translate(form.busy ? 'accounts.forgot.sending' : 'accounts.forgot.submit')}
          </Button>
        </Box>
      )}
      <BackToLogin />
    </AuthCard>
  );
}
