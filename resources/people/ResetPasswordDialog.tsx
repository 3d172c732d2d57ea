import { Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { PasswordInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { personPasswordBody, type Person } from '../../contract/people';
import { passwordProblem } from '../../contract/password';
import { useNotifyError } from '../../src/components/ErrorToast';
import { FormDialog } from '../../src/components/FormDialog';
import { formResolver } from '../../src/components/formResolver';
import type { AppDataProvider } from '../../dataProvider';
import { PEOPLE_CODES } from './peopleCalls';

/** An administrator sets a person's new password: every session of theirs ends, they sign in with it. */
export function ResetPasswordDialog({ person, onClose }: { person?: Person; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<AppDataProvider>();
  const passwordChange = useMutation({ mutationFn: dataProvider.setPersonPassword });
  const resolver = useMemo(
    () =>
      formResolver(
        personPasswordBody.superRefine(({ password }, ctx) => {
          if (person && passwordProblem(password, person) === 'password_has_name') {
            ctx.addIssue({ code: 'custom', path: ['password'], message: 'server.password_has_name' });
          }
        }),
        'common.required',
      ),
    [person],
  );
  const submit = ({ password }: { password?: string }) => {
    if (!person || !password) return;
    passwordChange.mutate(
      { id: person._id, password },
      {
        onSuccess: () => {
          notify('people.reset_success', { type: 'success', messageArgs: { name: person.name } });
          onClose();
        },
        onError: (error) => notifyError(error, PEOPLE_CODES.password),
      },
    );
  };
  return (
    <FormDialog
      open={Boolean(person)}
      title={translate('people.reset_title', { name: person?.name ?? '' })}
      record={{ id: person?._id, password: '' }}
      resolver={resolver}
      onSubmit={submit}
      onClose={onClose}
      busy={passwordChange.isPending}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('people.reset_text')}
      </Typography>
      <PasswordInput
        source="password"
        label="people.fields.new_password"
        helperText="people.fields.password_hint"
        fullWidth
        autoFocus
        autoComplete="new-password"
      />
    </FormDialog>
  );
}
