import FingerprintIcon from '@mui/icons-material/Fingerprint';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { forwardRef, useState, type FormEvent } from 'react';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { UserMenuDialogItem } from './UserMenuDialogItem';
import { formatDate } from '../../i18n/dates';
import { passkeyRefused } from '../auth/passkeyRefused';
import { failureText } from '../components/failureText';

/** The user menu's "Passkeys": one's own passkeys (a second factor at sign-in, issue 31 §2); add one, remove one. */
export const PasskeysMenuItem = forwardRef<HTMLLIElement>(function PasskeysMenuItem(_props, ref) {
  return (
    <UserMenuDialogItem
      ref={ref}
      icon={<FingerprintIcon fontSize="small" />}
      label="shell.passkeys_menu"
      dialog={(onClose) => <PasskeysDialog onClose={onClose} />}
    />
  );
});

function PasskeysDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string>();
  const passkeys = useQuery({ queryKey: ['ownPasskeys'], queryFn: () => dataProvider.ownPasskeys() });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['ownPasskeys'] });
  const add = useMutation({
    mutationFn: async (passkeyName: string) => {
      const options = await dataProvider.passkeyOptions();
      // the WebAuthn helper loads only when a passkey is added
      const { startRegistration } = await import('@simplewebauthn/browser');
      const response = await startRegistration({ optionsJSON: options as never });
      return dataProvider.addPasskey({ name: passkeyName, response });
    },
    onSuccess: (_reply, passkeyName) => {
      notify(translate('shell.passkeys_added', { name: passkeyName }), { type: 'success' });
      setName('');
      setTouched(false);
      void refresh();
    },
    onError: (err) => setError(passkeyRefused(err) ? translate('shell.passkeys_cancelled') : failureText(err, translate)),
  });
  const remove = useMutation({
    mutationFn: (id: string) => dataProvider.removePasskey(id),
    onSuccess: () => {
      notify(translate('shell.passkeys_removed'), { type: 'info' });
      void refresh();
    },
    onError: (err) => setError(failureText(err, translate)),
  });
  const missing = touched && !name.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setError(undefined);
    if (name.trim()) add.mutate(name.trim());
  };
  const busy = add.isPending || remove.isPending;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="passkeys-title">
      <DialogTitle id="passkeys-title">{translate('shell.passkeys_title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('shell.passkeys_hint')}
        </Typography>
        {error ? (
          <Alert severity="error" role="alert" sx={{ mb: 1 }}>
            {error}
          </Alert>
        ) : null}
        {passkeys.isPending ? (
          <CircularProgress size={24} aria-label={translate('shell.passkeys_loading')} />
        ) : passkeys.isError ? (
          <Alert severity="error">{translate('shell.passkeys_failed')}</Alert>
        ) : passkeys.data.length === 0 ? (
          <Typography sx={{ my: 1 }}>{translate('shell.passkeys_empty')}</Typography>
        ) : (
          <List dense aria-label={translate('shell.passkeys_title')}>
            {passkeys.data.map((k) => (
              <ListItem
                key={k.id}
                secondaryAction={
                  <Button
                    size="small"
                    color="error"
                    disabled={busy}
                    onClick={() => remove.mutate(k.id)}
                    aria-label={`${translate('shell.passkeys_remove')} ${k.name}`}
                  >
                    {translate('shell.passkeys_remove')}
                  </Button>
                }
              >
                <ListItemText
                  primary={k.name}
                  secondary={translate('shell.passkeys_used', {
                    created: formatDate(k.createdAt, locale, true),
                    used: k.lastUsedAt ? formatDate(k.lastUsedAt, locale, true) : translate('shell.passkeys_never'),
                  })}
                />
              </ListItem>
            ))}
          </List>
        )}
        <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 2 }}>
          <TextField
            size="small"
            label={translate('shell.passkeys_name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={missing}
            helperText={missing ? translate('auth.required', { field: translate('shell.passkeys_name') }) : ' '}
            slotProps={{ htmlInput: { maxLength: 60 } }}
            sx={{ flex: 1 }}
          />
          <Button type="submit" variant="contained" disabled={busy} startIcon={<FingerprintIcon />}>
            {translate('shell.passkeys_add')}
          </Button>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('shell.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
