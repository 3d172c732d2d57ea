import FingerprintIcon from '@mui/icons-material/Fingerprint';
import { Alert, Box, Button, Link, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'ra-core';
import type { SecondFactorChallenge, SecondFactorReply } from '../../contract/auth';
import { failureText } from '../components/failureText';
import { PlainTextField } from '../components/PlainTextField';
import { passkeyRefused } from './passkeyRefused';
import { signInSecondFactor, signInWithPasskey } from './signIn';

/** The key grouped by four, as authenticator apps show what is typed. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * The sign-in's second step, after a right password (issue 31 §2): the code of the person's
 * authenticator app, or a recovery code. When their role requires a second factor and they have
 * none, the app is enrolled first (the QR code and the key, drawn by the server), and the recovery
 * codes are shown once before going on.
 */
export function SecondFactorStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: SecondFactorChallenge;
  onSignedIn: () => void;
  onRestart: () => void;
}) {
  const translate = useTranslate();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [after, setAfter] = useState<Pick<SecondFactorReply, 'recoveryCodes' | 'recoveryLeft'>>();
  const [copied, setCopied] = useState(false);
  const T = (key: string, options?: Record<string, unknown>) => translate(`auth.second_factor.${key}`, options);

  /** what a right factor answered: the recovery codes or the count left are shown first, else the application opens */
  const signedIn = (reply: SecondFactorReply) => {
    if (reply.recoveryCodes || reply.recoveryLeft !== undefined) {
      setAfter({ recoveryCodes: reply.recoveryCodes, recoveryLeft: reply.recoveryLeft });
      setBusy(false);
    } else {
      onSignedIn();
    }
  };

  const passkeyStep = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const reply = await signInWithPasskey(challenge.challenge, async (options) => {
        // the WebAuthn helper loads only when a passkey is used: the sign-in page's first load stays small
        const { startAuthentication } = await import('@simplewebauthn/browser');
        return startAuthentication({ optionsJSON: options as never });
      });
      signedIn(reply);
    } catch (err) {
      setError(passkeyRefused(err) ? T('passkey_cancelled') : failureText(err, translate));
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!code.trim()) return;
    setBusy(true);
    setError(undefined);
    try {
      signedIn(await signInSecondFactor({ challenge: challenge.challenge, code }));
    } catch (err) {
      setError(failureText(err, translate));
      setBusy(false);
    }
  };

  if (after?.recoveryCodes) {
    const codes = after.recoveryCodes;
    return (
      <Box data-testid="recovery-codes">
        <Typography variant="h6" component="h1" gutterBottom>
          {T('recovery_title')}
        </Typography>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {T('recovery_text')}
        </Alert>
        <Box
          component="ul"
          sx={{
            display: 'grid',
            gridTemplateColumns: '1fr 1fr',
            gap: 1,
            listStyle: 'none',
            p: 0,
            m: 0,
            mb: 2,
            fontFamily: 'monospace',
            fontSize: '1.05rem',
          }}
        >
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </Box>
        <Button
          fullWidth
          variant="outlined"
          sx={{ mb: 1 }}
          onClick={() =>
            void navigator.clipboard?.writeText(codes.join('\n')).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {T(copied ? 'recovery_copied' : 'recovery_copy')}
        </Button>
        <Button fullWidth variant="contained" size="large" onClick={onSignedIn}>
          {T('recovery_saved')}
        </Button>
      </Box>
    );
  }
  if (after?.recoveryLeft !== undefined) {
    return (
      <Box>
        <Alert severity="warning" sx={{ mb: 2 }} role="status">
          {T('recovery_left', { smart_count: after.recoveryLeft })}
        </Alert>
        <Button fullWidth variant="contained" size="large" onClick={onSignedIn}>
          {T('continue')}
        </Button>
      </Box>
    );
  }

  const enrol = challenge.enrol;
  const missing = touched && !code.trim();
  return (
    <Box component="form" onSubmit={submit} noValidate data-testid="second-factor-step">
      <Typography variant="h6" component="h1" gutterBottom>
        {T(enrol ? 'enrol_title' : 'title')}
      </Typography>
      <Alert severity={error ? 'error' : 'info'} sx={{ mb: 2 }} role={error ? 'alert' : undefined}>
        {error ?? challenge.msg}
      </Alert>
      {enrol ? (
        <Box sx={{ mb: 2 }}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {T('enrol_steps')}
          </Typography>
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 1 }}>
            <img src={`data:image/svg+xml;base64,${btoa(enrol.qrSvg)}`} alt={T('qr_alt')} width={200} height={200} />
          </Box>
          <Typography variant="caption" color="text.secondary" component="p">
            {T('manual')}
          </Typography>
          <Typography data-testid="totp-secret" sx={{ fontFamily: 'monospace', fontSize: '1rem', wordBreak: 'break-all', userSelect: 'all' }}>
            {grouped(enrol.secret)}
          </Typography>
        </Box>
      ) : null}
      <PlainTextField
        id="second-factor-code"
        name="code"
        label={T('code')}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="one-time-code"
        inputProps={{ maxLength: 14, spellCheck: false }}
        error={missing}
        helperText={missing ? translate('auth.required', { field: T('code') }) : enrol ? ' ' : T('code_help')}
        required
        fullWidth
        margin="dense"
        autoFocus
      />
      <Button type="submit" variant="contained" fullWidth size="large" disabled={busy} sx={{ mt: 1 }}>
        {T(busy ? 'verifying' : 'verify')}
      </Button>
      {challenge.passkey ? (
        <Button
          variant="outlined"
          fullWidth
          size="large"
          disabled={busy}
          sx={{ mt: 1 }}
          startIcon={<FingerprintIcon />}
          onClick={() => void passkeyStep()}
        >
          {T('use_passkey')}
        </Button>
      ) : null}
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component="button" type="button" variant="body2" onClick={onRestart}>
          {T('back')}
        </Link>
      </Box>
    </Box>
  );
}
