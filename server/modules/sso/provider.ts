import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';
import { ApiError } from '../../http/errors';

/** A company's provider as the sign-in needs it: where it is, who the product is there, and its secret (opened). */
export interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Discovered providers, kept a few minutes: the sign-in's two calls need the same metadata and keys. */
const DISCOVERY_TTL_MS = 5 * 60_000;
const discovered = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

/** The issuer must be https; plain http only when SSO_ALLOW_HTTP is on (tests, a local provider). */
export function issuerRefusal(issuer: string, allowHttp: boolean): 'sso_issuer_invalid' | 'sso_issuer_https' | undefined {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return 'sso_issuer_invalid';
  }
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:') return allowHttp ? undefined : 'sso_issuer_https';
  return 'sso_issuer_invalid';
}

/** The provider's configuration for this client (discovery document, keys), or a 502 naming the issuer. */
export function providerConfig(settings: ProviderSettings, allowHttp: boolean): Promise<oidc.Configuration> {
  const key = createHash('sha256').update(`${settings.issuer}\n${settings.clientId}\n${settings.clientSecret}`).digest('hex');
  const hit = discovered.get(key);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
  const insecure = new URL(settings.issuer).protocol === 'http:' && allowHttp;
  const config = oidc
    .discovery(new URL(settings.issuer), settings.clientId, undefined, oidc.ClientSecretBasic(settings.clientSecret), {
      execute: insecure ? [oidc.allowInsecureRequests] : [],
      timeout: 10,
    })
    .catch((error: unknown) => {
      discovered.delete(key);
      throw new ApiError(502, 'sso_unreachable', { issuer: settings.issuer, reason: error instanceof Error ? error.message : String(error) });
    });
  discovered.set(key, { at: Date.now(), config });
  return config;
}

/** What one sign-in keeps on the server between the redirect and the provider's answer. */
export interface AttemptSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The provider's sign-in page for a new attempt (authorization code, PKCE S256, state and nonce). */
export async function authorizationUrl(config: oidc.Configuration, redirectUri: string): Promise<{ url: URL; secrets: AttemptSecrets }> {
  const secrets = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    state: secrets.state,
    nonce: secrets.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(secrets.codeVerifier),
    code_challenge_method: 'S256',
  });
  return { url, secrets };
}

/**
 * Trades the code for tokens and returns the signed-in person's claims (ID token, then the userinfo
 * endpoint for what the ID token leaves out). Every check of openid-client applies: the state, the
 * PKCE verifier, the ID token's signature, issuer, audience (this client) and nonce. A refusal is an
 * ApiError whose code the login page shows.
 */
export async function claimsOf(config: oidc.Configuration, callbackUrl: URL, secrets: AttemptSecrets): Promise<Record<string, unknown>> {
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      expectedState: secrets.state,
      expectedNonce: secrets.nonce,
      pkceCodeVerifier: secrets.codeVerifier,
      idTokenExpected: true,
    });
  } catch (error) {
    throw refusalOf(error);
  }
  const idClaims = tokens.claims() as Record<string, unknown> | undefined;
  if (!idClaims) throw new ApiError(401, 'sso_token_refused');
  let userinfo: Record<string, unknown> = {};
  if (tokens.access_token) {
    try {
      userinfo = (await oidc.fetchUserInfo(config, tokens.access_token, String(idClaims.sub))) as Record<string, unknown>;
    } catch (error) {
      throw refusalOf(error);
    }
  }
  // the ID token is signed: what it says wins over the userinfo reply
  return { ...userinfo, ...idClaims };
}

function refusalOf(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  // the provider answered the login page with an error (the person cancelled, the client is not allowed)
  if (error instanceof oidc.AuthorizationResponseError) return new ApiError(401, 'sso_provider_error', { reason: error.error });
  // the token endpoint refused the code: used already, issued to another client, or not for this verifier
  if (error instanceof oidc.ResponseBodyError) return new ApiError(401, 'sso_code_refused');
  // a token that is not for this client, this sign-in (nonce) or this issuer, or whose signature fails
  if (error instanceof oidc.ClientError) return new ApiError(401, 'sso_token_refused');
  return new ApiError(502, 'sso_unreachable', { issuer: '', reason: error instanceof Error ? error.message : String(error) });
}
