import SaveIcon from '@mui/icons-material/Save';
import { Alert, Box, Button, CircularProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { useEffect, type ReactNode } from 'react';
import { BooleanInput, Form, PasswordInput, SelectInput, TextInput, Title, useNotify, useTranslate } from 'react-admin';
import { useWatch, type FieldValues, type SubmitHandler } from 'react-hook-form';
import { z } from 'zod';
import { ssoSettingsBody, type SsoSettings, type SsoSettingsBody } from '../../contract/sso';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { formResolver } from '../../src/components/formResolver';
import { ScreenLoader } from '../../src/components/ScreenLoader';
import { untilSaved } from '../../src/components/serverFieldError';
import { useServerMenu } from '../../src/layout/useServerMenu';
import { useSaveSsoSettings, useSsoSettings } from './ssoApi';

const T = 'sso';

/** The contract's body, and the form's own switch for creating people (a role chosen, or none). */
const ssoForm = ssoSettingsBody
  .extend({ createUsers: z.boolean() })
  .refine((v) => !v.createUsers || v.createRoleId, { path: ['createRoleId'], message: 'server.sso_role_unknown' });

/** The domains one a line in the text area; every line kept while typing, blanks dropped by the contract. */
const domainLines = { format: (v: string[] | undefined) => (v ?? []).join('\n'), parse: (v: string) => v.split('\n') };

function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" component="section" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5, fontSize: '1.05rem' }}>
        {translate(`${T}.sections.${title}`)}
      </Typography>
      <Stack spacing={1.5}>{children}</Stack>
    </Paper>
  );
}

function SsoFields({ settings, readOnly }: { settings: SsoSettings; readOnly: boolean }) {
  const translate = useTranslate();
  const [createUsers, passwordSigninOff, issuer, clientId] = useWatch({ name: ['createUsers', 'passwordSigninOff', 'issuer', 'clientId'] }) as [
    boolean,
    boolean,
    string,
    string,
  ];
  // the secret stored is the old provider's or client's: the server asks for it again once either changes
  const secretHint =
    settings.clientSecretSet && ((issuer ?? '').trim() !== settings.issuer || (clientId ?? '').trim() !== settings.clientId)
      ? 'secret_again'
      : settings.clientSecretSet
        ? 'secret_set'
        : 'secret_unset';
  const label = (field: string) => translate(`${T}.fields.${field}`);
  const common = { disabled: readOnly, fullWidth: true };
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
      <Section title="provider">
        <BooleanInput source="enabled" label={label('enabled')} disabled={readOnly} helperText={false} />
        <TextInput source="providerName" label={label('providerName')} helperText={translate(`${T}.hints.providerName`)} {...common} />
        <TextInput source="issuer" label={label('issuer')} helperText={translate(`${T}.hints.issuer`)} {...common} />
        <TextInput source="clientId" label={label('clientId')} helperText={false} {...common} />
        <PasswordInput
          source="clientSecret"
          label={label('clientSecret')}
          helperText={translate(`${T}.hints.${secretHint}`)}
          autoComplete="new-password"
          {...common}
        />
        <TextField
          label={translate(`${T}.redirect_uri`)}
          value={settings.redirectUri}
          slotProps={{ input: { readOnly: true } }}
          size="small"
          fullWidth
        />
      </Section>
      <Stack spacing={2}>
        <Section title="users">
          <TextInput source="userClaim" label={label('userClaim')} helperText={translate(`${T}.hints.userClaim`)} {...common} />
          <TextInput
            source="allowedDomains"
            label={label('allowedDomains')}
            helperText={translate(`${T}.hints.allowedDomains`)}
            multiline
            minRows={2}
            {...domainLines}
            {...common}
          />
          <BooleanInput source="createUsers" label={label('createUsers')} helperText={translate(`${T}.hints.createUsers`)} disabled={readOnly} />
          {createUsers ? (
            <SelectInput source="createRoleId" label={label('createRoleId')} choices={settings.choices.roles} helperText={false} {...common} />
          ) : null}
        </Section>
        <Section title="password">
          <BooleanInput
            source="passwordSigninOff"
            label={label('passwordSigninOff')}
            helperText={translate(`${T}.hints.passwordSigninOff`)}
            disabled={readOnly}
          />
          {passwordSigninOff ? (
            <SelectInput
              source="breakGlassUserId"
              label={label('breakGlassUserId')}
              choices={settings.choices.administrators}
              helperText={false}
              {...common}
            />
          ) : null}
        </Section>
      </Stack>
    </Box>
  );
}

/** `/settings/sso`: the company's identity provider, and whether passwords still sign in. */
export default function SsoSettingsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const canEdit = useCanEdit('settings');
  const { isPending: menuPending } = useServerMenu();
  const { data, error, isPending, refetch } = useSsoSettings();
  const save = useSaveSsoSettings();
  useEffect(() => {
    if (error) notifyError(error, 'SSO#001');
  }, [error, notifyError]);

  const submit: SubmitHandler<FieldValues> = (values) => {
    const { createUsers, ...body } = values as SsoSettingsBody & { createUsers: boolean };
    return untilSaved((done) => save.mutate({ ...body, createRoleId: createUsers ? body.createRoleId : null }, done), {
      onSuccess: () => notify(`${T}.saved`, { type: 'success' }),
      onError: (err) => notifyError(err, 'SSO#002'),
    });
  };

  let body: ReactNode;
  if (isPending || menuPending) body = <ScreenLoader />;
  else if (!data) {
    body = (
      <Alert severity="error" action={<Button onClick={() => void refetch()}>{translate('app.retry')}</Button>}>
        {translate(`${T}.load_failed`)}
      </Alert>
    );
  } else {
    const { choices: _choices, clientSecretSet: _set, redirectUri: _uri, ...record } = data;
    body = (
      <>
        {!canEdit ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate(`${T}.read_only`)}
          </Alert>
        ) : null}
        <Form
          key={JSON.stringify(data)}
          record={{ ...record, clientSecret: '', createUsers: Boolean(data.createRoleId) }}
          resolver={formResolver(ssoForm, `${T}.required`)}
          onSubmit={submit}
          warnWhenUnsavedChanges
          noValidate
        >
          <SsoFields settings={data} readOnly={!canEdit} />
          {canEdit ? (
            <Box sx={{ mt: 2 }}>
              <Button
                type="submit"
                variant="contained"
                disabled={save.isPending}
                startIcon={save.isPending ? <CircularProgress size={18} color="inherit" /> : <SaveIcon />}
              >
                {translate(`${T}.save`)}
              </Button>
            </Box>
          ) : null}
        </Form>
      </>
    );
  }

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate(`${T}.title`)} />
      <Typography variant="h5" component="h1">
        {translate(`${T}.title`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate(`${T}.intro`)}
      </Typography>
      {body}
    </Box>
  );
}
