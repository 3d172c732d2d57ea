import type { SigninBody, SigninReply } from '../../contract/auth';
import { callApi } from '../../dataProvider/http';
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
