import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { Alert, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'ra-core';
import { AuthCard, BackToLogin, Checking, DoneMessage } from './AuthCard';
import { forgetAccountOptions, useAccountOptions } from './accountOptions';
import { NewCompanyForm, type NewCompanyReply } from './NewCompanyForm';

/**
 * `/generate-account`: the first company and its administrator of an empty database (a production
 * start without demo data). Once any company exists, it says it is closed.
 */
export default function GenerateAccountPage() {
  const translate = useTranslate();
  const options = useAccountOptions();
  const [closed, setClosed] = useState(false);
  const [done, setDone] = useState<NewCompanyReply>();

  const body = () => {
    if (!options) return <Checking />;
    if (done) return <DoneMessage title={translate('accounts.generate.done_title')} text={translate('accounts.generate.done', done)} />;
    if (closed || !options.generate) {
      return (
        <>
          <Alert severity="info" role="status">
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
              {translate('accounts.generate.closed_title')}
            </Typography>
            {translate('accounts.generate.closed')}
          </Alert>
          <BackToLogin label="accounts.to_login" />
        </>
      );
    }
    return (
      <>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('accounts.generate.intro')}
        </Typography>
        <NewCompanyForm
          kind="generate-account"
          submitLabel={translate('accounts.generate.submit')}
          savingLabel={translate('accounts.generate.saving')}
          onDone={(reply) => {
            forgetAccountOptions();
            setDone(reply);
          }}
          onClosed={() => setClosed(true)}
        />
      </>
    );
  };

  return (
    <AuthCard icon={<AdminPanelSettingsIcon />} title={translate('accounts.generate.title')} maxWidth={560}>
      {body()}
    </AuthCard>
  );
}
