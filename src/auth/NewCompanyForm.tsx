import { Alert, Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { companyCodeField, emailField, plainName, usernameField, type NewCompanyBody } from '../../contract/accounts';
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem } from '../../contract/password';
import { ApiFailure } from '../../dataProvider/http';
import { AccountField, PasswordField } from './AccountFields';
import { useAccountCalls } from './useAccountCalls';
import { useAccountForm } from './useAccountForm';
import { useTexts } from '../i18n/i18nProvider';

type Field = keyof NewCompanyBody | 'confirmPassword';
const EMPTY: Record<Field, string> = {
  companyCode: '',
  companyName: '',
  username: '',
  firstname: '',
  lastname: '',
  email: '',
  password: '',
  confirmPassword: '',
};
const COMPANY_NAME = plainName(200);
const PERSON_NAME = plainName(100);

export interface NewCompanyReply {
  companyCode: string;
  username: string;
  verifyEmail: boolean;
}

/**
 * A new company and its administrator: the form of `/register` and `/generate-account`, checked
 * with the contract's rules before the call (the server checks them again).
 */
export function NewCompanyForm(props: {
  kind: 'register' | 'generate-account';
  submitLabel: string;
  savingLabel: string;
  onDone: (reply: NewCompanyReply, email: string) => void;
  /** the call answered 404: the page is closed */
  onClosed: () => void;
}) {
  // the password rules' and the server's messages are `server.*` texts
  useTexts('server');
  const translate = useTranslate();
  const { createCompany } = useAccountCalls();
  const label = (field: Field) => translate(`accounts.fields.${field}`);
  const form = useAccountForm(EMPTY, (v) => {
    const problems: Partial<Record<Field, string>> = {};
    const ok = (schema: { safeParse(x: unknown): { success: boolean } }, value: string) => schema.safeParse(value).success;
    if (!ok(companyCodeField, v.companyCode)) problems.companyCode = translate('accounts.invalid.companyCode');
    if (!ok(COMPANY_NAME, v.companyName)) problems.companyName = translate('accounts.invalid.name', { max: 200 });
    if (!ok(usernameField, v.username)) problems.username = translate('accounts.invalid.username');
    if (!ok(PERSON_NAME, v.firstname)) problems.firstname = translate('accounts.invalid.name', { max: 100 });
    if (!ok(PERSON_NAME, v.lastname)) problems.lastname = translate('accounts.invalid.name', { max: 100 });
    if (!ok(emailField, v.email)) problems.email = translate('accounts.invalid.email');
    const passwordRule = passwordProblem(v.password, v);
    if (passwordRule) problems.password = translate(`server.${passwordRule}`, { min: PASSWORD_MIN, max: PASSWORD_MAX });
    if (v.confirmPassword !== v.password) problems.confirmPassword = translate('accounts.invalid.mismatch');
    for (const field of Object.keys(EMPTY) as Field[]) {
      if (!v[field].trim()) problems[field] = translate('auth.required', { field: label(field) });
    }
    if (!v.confirmPassword) problems.confirmPassword = translate('accounts.invalid.confirm_required');
    return problems;
  });

  const send = form.submit(async ({ confirmPassword: _confirm, ...body }) => {
    try {
      const reply = await createCompany({ kind: props.kind, body });
      props.onDone(reply, body.email.trim());
    } catch (err) {
      if (err instanceof ApiFailure && err.status === 404) return props.onClosed();
      throw err;
    }
  });

  return (
    <Box component="form" onSubmit={send} noValidate>
      {form.error ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {form.error}
        </Alert>
      ) : null}
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {translate('accounts.register.company')}
      </Typography>
      <AccountField
        {...form.field('companyCode')}
        label={label('companyCode')}
        hint={translate('accounts.hints.companyCode')}
        autoComplete="off"
        required
        autoFocus
        inputProps={{ maxLength: 20, style: { textTransform: 'uppercase' } }}
      />
      <AccountField {...form.field('companyName')} label={label('companyName')} autoComplete="organization" required />
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mt: 1 }}>
        {translate('accounts.register.admin')}
      </Typography>
      <AccountField
        {...form.field('username')}
        label={label('username')}
        hint={translate('accounts.hints.username')}
        autoComplete="username"
        required
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <AccountField {...form.field('firstname')} label={label('firstname')} autoComplete="given-name" required />
        <AccountField {...form.field('lastname')} label={label('lastname')} autoComplete="family-name" required />
      </Box>
      <AccountField
        {...form.field('email')}
        label={label('email')}
        hint={translate('accounts.hints.email')}
        type="email"
        autoComplete="email"
        required
      />
      <PasswordField
        {...form.field('password')}
        label={label('password')}
        hint={translate('accounts.hints.password', { min: PASSWORD_MIN })}
        required
      />
      <PasswordField {...form.field('confirmPassword')} label={label('confirmPassword')} required />
      <Button type="submit" variant="contained" fullWidth size="large" disabled={form.busy} sx={{ mt: 1 }}>
        {form.busy ? props.savingLabel : props.submitLabel}
      </Button>
    </Box>
  );
}
