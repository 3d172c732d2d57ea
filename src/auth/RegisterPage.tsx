import AppRegistrationIcon from '@mui/icons-material/AppRegistration';
import { Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'ra-core';
import { Navigate } from 'react-router-dom';
import { VERIFY_TOKEN_HOURS } from '../../contract/accounts';
import { AuthCard, BackToLogin, Checking, DoneMessage } from './AuthCard';
import { useAccountOptions } from './accountOptions';
import { NewCompanyForm, type NewCompanyReply } from './NewCompanyForm';

/** `/register`: a new company with its administrator, when the deployment allows self sign-up; else the 404 page. */
export default function RegisterPage() {
  const translate = useTranslate();
  const options = useAccountOptions();
  const [closed, setClosed] = useState(false);
  const [done, setDone] = useState<NewCompanyReply & { email: string }>();

  if (closed || options?.signup === false) return <Navigate to="/404" replace />;
  return (
    <AuthCard icon={<AppRegistrationIcon />} title={translate('accounts.register.title')} maxWidth={560}>
      {!options ? (
        <Checking />
      ) : done ? (
        <DoneMessage
          title={translate('accounts.register.done_title')}
          text={translate('accounts.register.done', { ...done, hours: VERIFY_TOKEN_HOURS })}
        />
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('accounts.register.intro')}
          </Typography>
          <NewCompanyForm
            kind="register"
            submitLabel={translate('accounts.register.submit')}
            savingLabel={translate('accounts.register.saving')}
            onDone={(reply, email) => setDone({ ...reply, email })}
            onClosed={() => setClosed(true)}
          />
          <BackToLogin />
        </>
      )}
    </AuthCard>
  );
}
