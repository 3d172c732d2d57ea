import KeyIcon from '@mui/icons-material/Key';
import { Alert, Box, Button, Link, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'ra-core';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { accountToken } from '../../contract/accounts';
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem } from '../../contract/password';
import { ApiFailure, callApi } from '../../dataProvider/http';
import { PasswordField } from './AccountFields';
import { AuthCard, BackToLogin, DoneMessage } from './AuthCard';
import { useAccountForm } from './useAccountForm';
import { useTexts } from '../i18n/i18nProvider';

/** `/reset-password?token=…`: the new password, once; the server ends every session of the account. */
export default function ResetPasswordPage() {
  useTexts('server');
  const translate = useTranslate();
  const [params] = useSearchParams();
  const token = accountToken.safeParse(params.get('token') ?? '');
  const [done, setDone] = useState(false);
  /** the server refused the link itself: offer a new one */
  const [linkRefused, setLinkRefused] = useState(false);
  const form = useAccountForm({ password: '', confirmPassword: '' }, (v) => {
    // the names are checked by the server, which knows whose link this is
    const rule = passwordProblem(v.password, {});
    return {
      password: !v.password
        ? translate('auth.required', { field: translate('accounts.fields.newPassword') })
        : rule && translate(`server.${rule}`, { min: PASSWORD_MIN, max: PASSWORD_MAX }),
      confirmPassword: !v.confirmPassword
        ? translate('accounts.invalid.confirm_required')
        : v.confirmPassword !== v.password
          ? translate('accounts.invalid.mismatch')
          : undefined,
    };
  });

  const send = form.submit(async ({ password }) => {
    setLinkRefused(false);
    try {
      await callApi('/user/reset-password', { method: 'POST', body: { token: token.data, password } });
      setDone(true);
    } catch (err) {
      if (err instanceof ApiFailure && err.msg === translate('server.account_link_invalid')) setLinkRefused(true);
      throw err;
    }
  });

  const askAgain = (
    <Link component={RouterLink} to="/forgot-password" variant="body2" sx={{ display: 'block', mt: 1 }}>
      {translate('accounts.reset.ask_again')}
    </Link>
  );

  return (
    <AuthCard icon={<KeyIcon />} title={translate('accounts.reset.title')}>
      {done ? (
        <DoneMessage title={translate('accounts.reset.done_title')} text={translate('accounts.reset.done')} />
      ) : !token.success ? (
        <Alert severity="error" role="alert">
          {translate('accounts.reset.no_token')}
          {askAgain}
        </Alert>
      ) : (
        <Box component="form" onSubmit={send} noValidate>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('accounts.reset.intro')}
          </Typography>
          {form.error ? (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {form.error}
              {linkRefused ? askAgain : null}
            </Alert>
          ) : null}
          <PasswordField
            {...form.field('password')}
            label={translate('accounts.fields.newPassword')}
            hint={translate('accounts.hints.password', { min: PASSWORD_MIN })}
            required
            autoFocus
          />
          <PasswordField {...form.field('confirmPassword')} label={translate('accounts.fields.confirmPassword')} required />
          <Button type="submit" variant="contained" fullWidth size="large" disabled={form.busy} sx={{ mt: 1 }}>
            {translate(form.busy ? 'accounts.reset.saving' : 'accounts.reset.submit')}
          </Button>
        </Box>
      )}
      {done ? null : <BackToLogin />}
    </AuthCard>
  );
}
