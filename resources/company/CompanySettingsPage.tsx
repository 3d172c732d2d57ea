import type { FieldValues, SubmitHandler } from 'react-hook-form';
import KeyIcon from '@mui/icons-material/Key';
import LoginIcon from '@mui/icons-material/Login';
import WebhookIcon from '@mui/icons-material/Webhook';
import SaveIcon from '@mui/icons-material/Save';
import { Alert, Box, Button, CircularProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { useEffect, type ReactNode } from 'react';
import { Form, TextInput, Title, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { companySettingsForm, type CompanyDetailInput } from '../../contract/company';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { useServerMenu } from '../../src/layout/useServerMenu';
import { useNotifyError } from '../../src/components/ErrorToast';
import { formResolver } from '../../src/components/formResolver';
import { ScreenLoader } from '../../src/components/ScreenLoader';
import { useCompanyProfile, useSaveCompanyProfile } from './companyApi';
import { LogoPicker } from './LogoPicker';
import { untilSaved } from '../../src/components/serverFieldError';

const T = 'company_settings';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" component="section" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5, fontSize: '1.05rem' }}>
        {translate(`${T}.sections.${title}`)}
      </Typography>
      {/* room between fields: an outlined label sits on the border above it */}
      <Stack spacing={2.5}>{children}</Stack>
    </Paper>
  );
}

/** One text field of the profile: its label and hint from `company_settings.*`, read-only for a view-only role. */
function Field({
  source,
  label,
  hint,
  readOnly,
  multiline,
}: {
  source: string;
  label: string;
  hint?: string;
  readOnly: boolean;
  multiline?: boolean;
}) {
  const translate = useTranslate();
  return (
    <TextInput
      source={source}
      label={translate(`${T}.fields.${label}`)}
      helperText={hint ? translate(`${T}.hints.${hint}`) : false}
      disabled={readOnly}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      fullWidth
    />
  );
}

/** `/settings/general`: the company's profile (the data controller of every notice) and its logo. */
export default function CompanySettingsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const canEdit = useCanEdit('settings');
  // the rights come with the menu: until it is here the form would flash as read-only
  const { isPending: menuPending } = useServerMenu();
  const { data, error, isPending, refetch } = useCompanyProfile();
  const saveProfile = useSaveCompanyProfile();
  useEffect(() => {
    if (error) notifyError(error, 'SET#001');
  }, [error, notifyError]);

  const save = ({ logo, ...detail }: CompanyDetailInput & { logo?: File }) =>
    untilSaved((done) => saveProfile.mutate({ detail, logo }, done), {
      onSuccess: () => notify(`${T}.saved`, { type: 'success' }),
      onError: (err) => notifyError(err, 'SET#002'),
    });

  const submit: SubmitHandler<FieldValues> = (values) => save(values as CompanyDetailInput & { logo?: File });

  let body: ReactNode;
  if (isPending || menuPending) body = <ScreenLoader />;
  else if (!data) {
    body = (
      <Alert severity="error" action={<Button onClick={() => void refetch()}>{translate('app.retry')}</Button>}>
        {translate(`${T}.load_failed`)}
      </Alert>
    );
  } else {
    const { company, init } = data;
    const readOnly = !canEdit;
    body = (
      <>
        {!init ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {translate(`${T}.not_init`)}
          </Alert>
        ) : null}
        {readOnly ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate(`${T}.read_only`)}
          </Alert>
        ) : null}
        <Form
          key={JSON.stringify(company)}
          record={{ id: company._id, ...company.companyDetail }}
          resolver={formResolver(companySettingsForm, `${T}.required`)}
          onSubmit={submit}
          warnWhenUnsavedChanges
          noValidate
        >
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
            <Section title="logo">
              <LogoPicker logoUrl={company.logoUrl} disabled={readOnly} />
            </Section>
            <Section title="company">
              <TextField
                label={translate(`${T}.company_code`)}
                value={company.companyCode}
                slotProps={{ input: { readOnly: true } }}
                size="small"
                sx={{ maxWidth: 240 }}
              />
              <Field source="nameTh" label="nameTh" readOnly={readOnly} />
              <Field source="nameEn" label="nameEn" readOnly={readOnly} />
            </Section>
            <Section title="address">
              <Field source="address" label="address" hint="address" readOnly={readOnly} multiline />
            </Section>
            <Section title="tax">
              <Field source="taxId" label="taxId" hint="taxId" readOnly={readOnly} />
            </Section>
            <Section title="contacts">
              <Field source="phone" label="phone" hint="phone" readOnly={readOnly} />
              <Field source="email" label="email" readOnly={readOnly} />
              <Field source="website" label="website" hint="website" readOnly={readOnly} />
            </Section>
            <Section title="dpo">
              <Field source="dpoContact.name" label="dpo_name" readOnly={readOnly} />
              <Field source="dpoContact.email" label="dpo_email" readOnly={readOnly} />
              <Field source="dpoContact.phone" label="dpo_phone" readOnly={readOnly} />
            </Section>
          </Box>
          {canEdit ? (
            <Box sx={{ mt: 2 }}>
              <Button
                type="submit"
                variant="contained"
                disabled={saveProfile.isPending}
                startIcon={saveProfile.isPending ? <CircularProgress size={18} color="inherit" /> : <SaveIcon />}
              >
                {translate(saveProfile.isPending ? `${T}.saving` : `${T}.save`)}
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
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Button component={Link} to="/settings/api-keys" startIcon={<KeyIcon />}>
          {translate('apikeys.title')}
        </Button>
        <Button component={Link} to="/settings/webhooks" startIcon={<WebhookIcon />}>
          {translate('webhooks.title')}
        </Button>
        <Button component={Link} to="/settings/sso" startIcon={<LoginIcon />}>
          {translate('sso.title')}
        </Button>
      </Box>
      {body}
    </Box>
  );
}
