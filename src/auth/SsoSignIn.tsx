import LoginIcon from '@mui/icons-material/Login';
import { Alert, Box, Button, Divider, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'ra-core';
import { useSearchParams } from 'react-router-dom';
import type { SsoOptionsReply } from '../../contract/sso';
import { SSO_START_ERROR_PARAM, SSO_START_ERRORS, type SsoStartError } from '../../contract/ssoStart';
import { failureText } from '../components/failureText';
import { loadTexts } from '../i18n/i18nProvider';
import { safeRedirect } from '../routing/routeMeta';
import { ssoCallback, ssoOptions, ssoStartUrl } from './signIn';

/** How long the company code must stay unchanged before the login page asks what the company offers. */
const LOOKUP_DELAY_MS = 400;
/** Answers of the provider already handed to the API (React may run an effect twice: a state is single use). */
const handled = new Set<string>();

/**
 * Single sign-on on the login page: once the company code is typed, a "Sign in with <provider>"
 * button when the company offers it; and, when the provider sends the browser back here
 * (`/login?code&state&iss`), hands its answer to the API and signs in, or shows the refusal.
 */
export function SsoSignIn({ companyCode }: { companyCode: string }) {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const [options, setOptions] = useState<SsoOptionsReply & { code: string }>();
  const [error, setError] = useState<string>();
  // a start the server could not send to the provider comes back here naming why (`?ssoError=<code>`)
  const startError = params.get(SSO_START_ERROR_PARAM);
  const [startFailed, setStartFailed] = useState<SsoStartError>();
  const [busy, setBusy] = useState(false);
  // the texts of this area arrive with the first need of them
  const [textsReady, setTextsReady] = useState(false);
  const code = companyCode.trim();

  // the provider's answer
  const state = params.get('state');
  useEffect(() => {
    if (!state || handled.has(state)) return;
    handled.add(state);
    const answer = Object.fromEntries(
      ['state', 'code', 'iss', 'error', 'error_description'].flatMap((k) => (params.has(k) ? [[k, params.get(k)]] : [])),
    );
    // the answer is single use: a reload must not send it again
    window.history.replaceState(null, '', window.location.pathname);
    setBusy(true);
    void loadTexts('sso')
      .then(() => setTextsReady(true))
      .then(() => ssoCallback(answer))
      .then((reply) => window.location.assign(safeRedirect(reply.redirectFrom)))
      .catch((err: unknown) => {
        setError(failureText(err, translate));
        setBusy(false);
      });
  }, [state, params, translate]);

  useEffect(() => {
    if (!startError || !(SSO_START_ERRORS as readonly string[]).includes(startError)) return;
    void loadTexts('sso').then(() => {
      setTextsReady(true);
      setStartFailed(startError as SsoStartError);
    });
  }, [startError]);

  // what the typed company offers
  useEffect(() => {
    if (!code) return;
    let live = true;
    const timer = setTimeout(() => {
      void ssoOptions(code)
        .then(async (reply) => {
          if (reply.sso) await loadTexts('sso');
          if (!live) return;
          if (reply.sso) setTextsReady(true);
          setOptions({ ...reply, code });
        })
        .catch(() => live && setOptions(undefined));
    }, LOOKUP_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [code]);

  const offered = options?.sso && options.code === code && textsReady ? options : undefined;
  const start = () => {
    setBusy(true);
    setStartFailed(undefined);
    const redirectFrom = new URLSearchParams(window.location.search).get('redirectFrom') ?? undefined;
    window.location.assign(ssoStartUrl(code, redirectFrom));
  };

  const shownError = error ?? (startFailed && textsReady ? translate(`sso.start_errors.${startFailed}`) : undefined);
  if (!offered && !shownError && !busy) return null;
  return (
    <Box sx={{ mt: 2 }}>
      {shownError ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {shownError}
        </Alert>
      ) : null}
      {busy && !offered && textsReady ? <Typography variant="body2">{translate('sso.signing_in')}</Typography> : null}
      {offered ? (
        <>
          <Divider sx={{ mb: 2 }} />
          {!offered.password ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {translate('sso.password_off')}
            </Typography>
          ) : null}
          <Button variant="outlined" fullWidth size="large" startIcon={<LoginIcon />} onClick={start} disabled={busy}>
            {translate('sso.sign_in_with', { provider: offered.providerName })}
          </Button>
        </>
      ) : null}
    </Box>
  );
}
