import type { SecondFactorReply, SigninBody, SigninReply } from '../../contract/auth';
import type { SsoCallbackReply, SsoOptionsReply } from '../../contract/sso';
import { apiUrl, callApi } from '../../dataProvider/http';
import { writeSession } from './session';
import { signinToken } from './signinToken';

/**
 * Signs in (the seed's `POST /user/signin/{timestamp}` with its token) and keeps the session. The
 * authProvider's `login`; the sign-in page calls it directly, so its first load carries neither
 * the route table nor the schemas.
 */
export async function signIn(params: SigninBody) {
  const timestamp = Date.now();
  const reply = await callApi<SigninReply>(`/user/signin/${timestamp}`, {
    method: 'POST',
    body: { username: params.username, password: params.password, companyCode: params.companyCode, page: params.page },
    headers: { Authorization: `Token ${await signinToken(timestamp)}` },
  });
  // the token stays in the server's HttpOnly cookie; the reply's copy (the seed's contract, for API clients) is not kept
  writeSession({ user: reply.user });
}

/**
 * The sign-in's second step (issue 31 §2): the authenticator app's code or a recovery code. The session
 * cookie comes with the reply; the person is kept for the screens, as `signIn` does.
 */
export async function signInSecondFactor(body: { challenge: string; code: string }) {
  const reply = await callApi<SecondFactorReply>('/user/signin/second-factor', { method: 'POST', body });
  writeSession({ user: reply.user });
  return reply;
}

/** The second step with a passkey: the options for the browser, then its answer. */
export async function signInWithPasskey(challenge: string, answer: (options: Record<string, unknown>) => Promise<unknown>) {
  const { options } = await callApi<{ options: Record<string, unknown> }>('/user/signin/passkey-options', { method: 'POST', body: { challenge } });
  const response = await answer(options);
  const reply = await callApi<SecondFactorReply>('/user/signin/passkey', { method: 'POST', body: { challenge, response } });
  writeSession({ user: reply.user });
  return reply;
}

/** Single sign-on (issue 31 §1): what the typed company offers. */
export const ssoOptions = (companyCode: string) => callApi<SsoOptionsReply>('/sso/options', { query: { companyCode } });

/** The provider's answer, handed to the API: the session, and where to go on. */
export async function ssoCallback(answer: Record<string, unknown>) {
  const reply = await callApi<SsoCallbackReply>('/sso/callback', { method: 'POST', body: answer });
  writeSession({ user: reply.user });
  return reply;
}

/** The address that starts a single sign-on at the company's provider (a full navigation). */
export const ssoStartUrl = (companyCode: string, redirectFrom: string | undefined) => apiUrl('/sso/start', { companyCode, redirectFrom });
