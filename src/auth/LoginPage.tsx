import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { Alert, Avatar, Box, Button, Card, CardContent, IconButton, InputAdornment, Link, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'ra-core';
import type { SecondFactorChallenge } from '../../contract/auth';
import { ApiFailure } from '../../dataProvider/http';
import { signIn } from './signIn';
import { SecondFactorStep } from './SecondFactorStep';
import { SsoSignIn } from './SsoSignIn';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { LanguageSwitch } from '../layout/LanguageSwitch';
import { safeRedirect } from '../routing/routeMeta';
import { failureText } from '../components/failureText';
import { PlainTextField } from '../components/PlainTextField';
import { PublicOnly } from './PublicOnly';
import { useAccountOptions } from './accountOptions';
import { useKeptState } from './keptState';

type Field = 'companyCode' | 'username' | 'password';
const FIELDS: Field[] = ['companyCode', 'username', 'password'];
const LABELS: Record<Field, string> = {
  companyCode: 'auth.company_code',
  username: 'auth.username',
  password: 'auth.password',
};

/**
 * Rendered both by the light sign-in bundle (`LoginShell`) and by react-admin (`loginPage`), so it
 * uses ra-core and MUI only, never react-admin's UI package.
 *
 * `/login` for staff and `/contact-login` for contact users: the same call, the server's message on failure. */
export function LoginPage({ variant = 'staff' }: { variant?: 'staff' | 'contact' }) {
  const translate = useTranslate();
  const [params] = useSearchParams();
  // what was typed, the errors shown and the second step under way outlive a change of language
  const [who, setWho] = useKeptState(`login.${variant}.who`, { companyCode: '', username: '' });
  // the password is not kept past the page: a change of language empties it
  const [password, setPassword] = useState('');
  const values: Record<Field, string> = { ...who, password };
  const setValues = (next: Record<Field, string>) => {
    setWho({ companyCode: next.companyCode, username: next.username });
    setPassword(next.password);
  };
  const [touched, setTouched] = useKeptState(`login.${variant}.touched`, false);
  const [showPassword, setShowPassword] = useState(false);
  /** the refusal shown: kept as the failure, so it is worded again in the new language */
  const [failure, setFailure] = useKeptState<unknown>(`login.${variant}.failure`, undefined);
  const [busy, setBusy] = useState(false);
  /** a right password whose account asks for a second factor: the step after it */
  const [challenge, setChallenge] = useKeptState<SecondFactorChallenge | undefined>(`login.${variant}.challenge`, undefined);
  const error = failure === undefined ? undefined : failureText(failure, translate);
  const accountOptions = useAccountOptions();

  const missing = FIELDS.filter((f) => !values[f].trim());
  // a full load: the sign-in bundle is kept small, the application loads after it
  const enter = () => window.location.assign(safeRedirect(params.get('redirectFrom')));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (missing.length) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await signIn({ ...values, page: variant });
      enter();
    } catch (err) {
      if (err instanceof ApiFailure && err.status === 403 && typeof err.body?.challenge === 'string') {
        setChallenge(err.body as SecondFactorChallenge);
        setBusy(false);
        return;
      }
      setFailure(err);
      setBusy(false);
    }
  };

  return (
    <PublicOnly>
      <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: '#1f2a3c', p: 2 }}>
        <Card sx={{ width: '100%', maxWidth: 420 }}>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
            <LanguageSwitch />
          </Box>
          {challenge ? (
            <CardContent sx={{ pt: 0 }}>
              <SecondFactorStep
                challenge={challenge}
                onSignedIn={enter}
                onRestart={() => {
                  setChallenge(undefined);
                  setValues({ ...values, password: '' });
                }}
              />
            </CardContent>
          ) : (
            <CardContent component="form" onSubmit={submit} noValidate sx={{ pt: 0 }}>
              <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 2 }}>
                <Avatar sx={{ bgcolor: 'primary.main', mb: 1 }}>
                  <LockOutlinedIcon />
                </Avatar>
                <Typography variant="h5" component="h1" align="center">
                  {translate(variant === 'contact' ? 'auth.contact_title' : 'auth.staff_title')}
                </Typography>
                <Typography variant="body2" color="text.secondary" align="center">
                  {translate('app.name')}
                </Typography>
              </Box>
              {accountOptions?.generate ? (
                <Alert severity="info" sx={{ mb: 2 }}>
                  <Link component={RouterLink} to="/generate-account">
                    {translate('accounts.generate.title')}
                  </Link>
                </Alert>
              ) : null}
              {error ? (
                <Alert severity="error" sx={{ mb: 2 }} role="alert">
                  {error}
                </Alert>
              ) : null}
              {FIELDS.map((field) => {
                const invalid = touched && missing.includes(field);
                const isPassword = field === 'password';
                return (
                  <PlainTextField
                    key={field}
                    name={field}
                    id={field}
                    label={translate(LABELS[field])}
                    type={isPassword && !showPassword ? 'password' : 'text'}
                    autoComplete={isPassword ? 'current-password' : field === 'username' ? 'username' : 'organization'}
                    value={values[field]}
                    onChange={(e) => setValues({ ...values, [field]: e.target.value })}
                    error={invalid}
                    helperText={invalid ? translate('auth.required', { field: translate(LABELS[field]) }) : ' '}
                    required
                    fullWidth
                    margin="dense"
                    autoFocus={field === 'companyCode'}
                    endAdornment={
                      isPassword ? (
                        <InputAdornment position="end">
                          <IconButton
                            onClick={() => setShowPassword(!showPassword)}
                            aria-label={translate(showPassword ? 'auth.hide_password' : 'auth.show_password')}
                            edge="end"
                          >
                            {showPassword ? <VisibilityOff /> : <Visibility />}
                          </IconButton>
                        </InputAdornment>
                      ) : undefined
                    }
                  />
                );
              })}
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -0.5, mb: 1 }}>
                <Link component={RouterLink} to="/forgot-password" variant="body2">
                  {translate('accounts.forgot_link')}
                </Link>
              </Box>
              <Button type="submit" variant="contained" fullWidth size="large" disabled={busy} sx={{ mt: 1 }}>
                {translate(busy ? 'auth.signing_in' : 'auth.sign_in')}
              </Button>
              {variant === 'staff' ? <SsoSignIn companyCode={values.companyCode} /> : null}
              {variant === 'staff' && accountOptions?.signup ? (
                <Button component={RouterLink} to="/register" variant="outlined" fullWidth sx={{ mt: 1 }}>
                  {translate('accounts.register_link')}
                </Button>
              ) : null}
              <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 2, gap: 1, flexWrap: 'wrap' }}>
                <Link component={RouterLink} to={variant === 'contact' ? '/login' : '/contact-login'} variant="body2">
                  {translate(variant === 'contact' ? 'auth.to_staff_login' : 'auth.to_contact_login')}
                </Link>
                <Link component={RouterLink} to="/term-condition" variant="body2">
                  {translate('app.terms')}
                </Link>
              </Box>
            </CardContent>
          )}
        </Card>
      </Box>
    </PublicOnly>
  );
}

export const ContactLoginPage = () => <LoginPage variant="contact" />;
