import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';
import { ApiError } from '../../http/errors';
import { guardedFetch, outboundUrlRefusal } from '../../http/outboundUrl';

/** A company's provider as the sign-in needs it: where it is, who the product is there, and its secret (opened). */
export interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Discovered providers, kept a few minutes: the sign-in's two calls need the same metadata and keys. */
const DISCOVERY_TTL_MS = 5 * 60_000;
const discovered = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

/**
 * The issuer must be https, and (in production) not a name or address inside the deployment's network:
 * the server fetches it. Plain http and addresses inside only when SSO_ALLOW_HTTP is on (tests, a local provider).
 */
export function issuerRefusal(issuer: string, allowHttp: boolean): 'sso_issuer_invalid' | 'sso_issuer_https' | 'sso_issuer_private' | undefined {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return 'sso_issuer_invalid';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'sso_issuer_invalid';
  const refusal = outboundUrlRefusal(issuer, allowHttp);
  if (refusal === 'url') return 'sso_issuer_invalid';
  if (refusal === 'https') return 'sso_issuer_https';
  if (refusal === 'private') return 'sso_issuer_private';
  return undefined;
}

/** The endpoints of the discovery document the server (or the browser, sent there) goes to. */
const ENDPOINTS = ['authorization_endpoint', 'token_endpoint', 'userinfo_endpoint', 'jwks_uri'] as const;

/** The first endpoint the provider's discovery document names that the server may not reach, or undefined. */
export function endpointRefusal(metadata: Partial<Record<(typeof ENDPOINTS)[number], unknown>>, allowHttp: boolean) {
  return ENDPOINTS.find((name) => {
    const url = metadata[name];
    return url !== undefined && (typeof url !== 'string' || outboundUrlRefusal(url, allowHttp) !== null);
  });
}

/**
 * The provider's configuration for this client (discovery document, keys), or an error naming the issuer:
 * 502 `sso_unreachable`, or `sso_endpoint_refused` when the document points at an address the server may
 * not reach. Every request goes through the guarded fetch: a name resolving inside is refused too.
 */
export function providerConfig(settings: ProviderSettings, allowHttp: boolean): Promise<oidc.Configuration> {
  const key = createHash('sha256').update(`${settings.issuer}\n${settings.clientId}\n${settings.clientSecret}\n${allowHttp}`).digest('hex');
  const hit = discovered.get(key);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
  const config = (async () => {
    const refusal = issuerRefusal(settings.issuer, allowHttp);
    if (refusal) throw new ApiError(400, refusal);
    const insecure = new URL(settings.issuer).protocol === 'http:';
    let found: oidc.Configuration;
    try {
      found = await oidc.discovery(new URL(settings.issuer), settings.clientId, undefined, oidc.ClientSecretBasic(settings.clientSecret), {
        execute: insecure ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
        [oidc.customFetch]: guardedFetch(allowHttp),
      });
    } catch (error) {
      throw new ApiError(502, 'sso_unreachable', { issuer: settings.issuer, reason: error instanceof Error ? error.message : String(error) });
    }
    const endpoint = endpointRefusal(found.serverMetadata(), allowHttp);
    if (endpoint) throw new ApiError(502, 'sso_endpoint_refused', { issuer: settings.issuer, endpoint });
    return found;
  })();
  config.catch(() => discovered.delete(key));
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
