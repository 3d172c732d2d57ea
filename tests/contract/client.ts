import { createHash } from 'node:crypto';
import { API_BASE } from '../../contract/http';
import { signinReply, type SigninBody, type SigninReply } from '../../contract/auth';

/** What a call came back with: the HTTP status and the parsed JSON body (undefined when not JSON). */
export interface Reply {
  status: number;
  body: any;
  headers: Headers;
  /** the body as sent (files) */
  bytes: Buffer;
}

export interface CallOptions {
  token?: string;
  /** sent as `Accept-Language` */
  lang?: 'th' | 'en';
  headers?: Record<string, string>;
  /** a JSON value to send */
  json?: unknown;
  /** a body sent as is (malformed JSON, huge payloads); `application/json` unless `headers` say otherwise */
  raw?: string;
  /** a multipart/form-data body (uploads); fetch sets its content type and boundary */
  form?: FormData;
}

/** The `Token` a client derives from the sign-in timestamp: hex SHA-256 of its decimal string. */
export const signinToken = (timestamp: string | number) => createHash('sha256').update(String(timestamp)).digest('hex');

export interface Credentials {
  username: string;
  password: string;
  companyCode: string;
}

export const DEMO_ADMIN: Credentials = { companyCode: 'DEMO', username: 'admin', password: 'admin1234' };
export const DEMO_VIEWER: Credentials = { companyCode: 'DEMO', username: 'viewer', password: 'viewer1234' };
export const DEMO_CONTACT: Credentials = { companyCode: 'DEMO', username: 'contact1', password: 'contact1234' };
export const SIAM_ADMIN: Credentials = { companyCode: 'SIAM', username: 'admin', password: 'admin1234' };

/** Calls one target's /api/v1 the way the UI does. */
export function apiClient(baseUrl: string) {
  async function call(method: string, path: string, opts: CallOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.lang) headers['accept-language'] = opts.lang;
    let body: string | undefined;
    if (opts.json !== undefined || opts.raw !== undefined) {
      body = opts.raw ?? JSON.stringify(opts.json);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(baseUrl + API_BASE + path, { method, headers, body: opts.form ?? body });
    const bytes = Buffer.from(await res.arrayBuffer());
    const text = bytes.toString('utf8');
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed, headers: res.headers, bytes };
  }

  /** `POST /user/signin/{timestamp}` with the derived `Token` header. `timestamp` and `authorization` override what a well-behaved client sends. */
  function signinRaw(
    body: Partial<SigninBody> | undefined,
    opts: Omit<CallOptions, 'json' | 'token'> & { timestamp?: number | string; authorization?: string } = {},
  ) {
    const timestamp = String(opts.timestamp ?? Date.now());
    const headers = { authorization: opts.authorization ?? `Token ${signinToken(timestamp)}`, ...opts.headers };
    return call('POST', `/user/signin/${timestamp}`, { ...opts, headers, json: opts.raw === undefined ? body : undefined });
  }

  /** Signs in and returns the parsed reply; fails the test when sign-in does not succeed. */
  async function signin(credentials: Credentials): Promise<SigninReply> {
    const reply = await signinRaw(credentials);
    if (reply.status !== 200) {
      throw new Error(`sign-in as ${credentials.companyCode}/${credentials.username}: ${reply.status} ${JSON.stringify(reply.body)}`);
    }
    return signinReply.parse(reply.body);
  }

  return {
    /** the target's address, without /api/v1 (files it serves: logos) */
    baseUrl,
    call,
    get: (path: string, opts?: Omit<CallOptions, 'json' | 'raw'>) => call('GET', path, opts),
    post: (path: string, json?: unknown, opts?: Omit<CallOptions, 'json'>) => call('POST', path, { ...opts, json }),
    put: (path: string, json?: unknown, opts?: Omit<CallOptions, 'json'>) => call('PUT', path, { ...opts, json }),
    delete: (path: string, opts?: Omit<CallOptions, 'json' | 'raw'>) => call('DELETE', path, opts),
    signinRaw,
    signin,
  };
}

export type ApiClient = ReturnType<typeof apiClient>;
