import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import Provider, { type ClientMetadata } from 'oidc-provider';

/**
 * A real OpenID Connect provider (`oidc-provider`) for the single sign-on tests, in the test's own
 * process on a local port. Its people are whoever signs in: the login typed at its sign-in page is
 * the account id, and an account whose id holds an @ has it as its verified e-mail. Consent is
 * granted without asking (a company's own provider does not ask its staff).
 */
export interface TestProvider {
  issuer: string;
  /**
   * what the provider does wrong (or differently) on purpose: the ID token's audience (a token issued for
   * another client); claims of the person signing in replaced (`undefined` leaves a claim out), such as
   * another subject with the same e-mail, or no `email_verified`
   */
  tamper: { idTokenAudience?: string; claims?: Record<string, unknown> };
  close(): Promise<void>;
}

const KEY_ID = 'test-key';

/** A JWT signed RS256 with the provider's own key (what a provider issuing a token for another client would send). */
function signRs256(claims: Record<string, unknown>, key: KeyObject): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' })}.${part(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
}

export async function startOidcProvider(clients: ClientMetadata[], port = 0): Promise<TestProvider> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: KEY_ID, alg: 'RS256', use: 'sig' };
  const tamper: TestProvider['tamper'] = {};
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients,
    jwks: { keys: [jwk] },
    cookies: { keys: ['sso-test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => {
        const claims: Record<string, unknown> = {
          sub: id,
          ...(id.includes('@') ? { email: id, email_verified: true } : {}),
          given_name: 'ทดสอบ',
          family_name: id.split('@')[0],
          ...tamper.claims,
        };
        return Object.fromEntries(Object.entries(claims).filter(([, value]) => value !== undefined)) as { sub: string };
      },
    }),
    // the company's own provider: its staff are not asked to consent to their own employer's app
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    features: { devInteractions: { enabled: true } },
  });
  // the tampering: an ID token re-signed, with the provider's own key, for another audience
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === '/token' && tamper.idTokenAudience && body?.id_token) {
      const claims = JSON.parse(Buffer.from(body.id_token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
      body.id_token = signRs256({ ...claims, aud: tamper.idTokenAudience }, privateKey);
    }
  });
  server.on('request', provider.callback());
  return {
    issuer,
    tamper,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Goes through the provider's sign-in page like a browser (following its redirects, keeping its
 * cookies, typing `login` and any password), and returns where the provider sends the browser back:
 * the product's login page with `code`, `state` and `iss`.
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const origin = new URL(authorizationUrl).origin;
  let url = authorizationUrl;
  let form: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    const reply = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form,
    });
    form = undefined;
    for (const cookie of reply.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const location = reply.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== origin) return next;
      url = next.href;
      continue;
    }
    const html = await reply.text();
    if (reply.status === 200 && html.includes('name="login"')) {
      form = new URLSearchParams({ prompt: 'login', login, password: 'any' });
      continue;
    }
    throw new Error(`the provider answered ${reply.status} at ${url}: ${html.slice(0, 300)}`);
  }
  throw new Error('the provider kept redirecting');
}
