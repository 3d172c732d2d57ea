import { API_BASE } from '../contract/constants';

/** How long a call may take before the user is told (the seed's 120 s screen timeout). */
export const REQUEST_TIMEOUT_MS = 120_000;

/**
 * A failed call. `msg` is the server's message when it sent one; otherwise `msgKey` names the
 * text to show (network failure, timeout, the generic non-200 text). `screenCode` is added by the
 * screen that made the call, for the toast.
 */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly msg: string | undefined,
    readonly msgKey: 'errors.network' | 'errors.timeout' | 'errors.generic' | undefined,
    readonly body?: Record<string, unknown>,
  ) {
    super(msg ?? msgKey ?? 'error');
  }
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  query?: Record<string, string | number | boolean | undefined>;
  /** JSON, or a FormData sent as multipart/form-data (uploads) */
  body?: unknown;
  headers?: Record<string, string>;
  /** replies whose body does not carry `status: 200` (the validate call's `status: true`) */
  acceptBody?: (body: Record<string, unknown>) => boolean;
}

let currentLocale = 'th';
/** The UI language, sent as Accept-Language so the server's messages match it. */
export const setApiLocale = (locale: string) => {
  currentLocale = locale;
};

export function apiUrl(path: string, query?: CallOptions['query']) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

/**
 * What every call carries: the XHR header (the server requires it on writes signed in by the cookie)
 * and the UI language. The session travels in the server's HttpOnly cookie, which scripts never read.
 */
function apiHeaders(): Record<string, string> {
  return {
    'X-Requested-With': 'XMLHttpRequest',
    'Accept-Language': currentLocale,
  };
}

const earlyReads = new Map<string, Promise<Response>>();

/**
 * The reply the server made for the page's first paint (server/http/firstPaint.ts), sent inside the
 * page: the read is not made again. Taken once.
 */
function serverRead(path: string): Promise<Response> | undefined {
  const sent = document.getElementById('first-read');
  if (!sent || sent.dataset.path !== path) return undefined;
  sent.remove();
  return Promise.resolve(new Response(sent.textContent, { status: 200, headers: { 'content-type': 'application/json' } }));
}

/**
 * Starts a public page's first read as soon as its address is known (src/main.tsx), before the page's
 * code has arrived to ask for it: the page's own call takes the reply (once) instead of fetching again.
 */
export function startEarlyRead(path: string) {
  const url = apiUrl(path);
  const read =
    serverRead(path) ?? fetch(url, { headers: { ...apiHeaders(), Accept: 'application/json' }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  read.catch(() => undefined); // a failure is reported to the call that takes it
  earlyReads.set(url, read);
}

function takeEarlyRead(url: string, options: CallOptions): Promise<Response> | undefined {
  if ((options.method ?? 'GET') !== 'GET' || options.body !== undefined || options.headers) return undefined;
  const read = earlyReads.get(url);
  earlyReads.delete(url);
  return read;
}

/** The one way the UI talks to the API: base path, XHR header, token, language, "status 200 in body". */
export async function callApi<T = Record<string, unknown>>(path: string, options: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    ...apiHeaders(),
    Accept: 'application/json',
    ...(options.body !== undefined && !(options.body instanceof FormData) ? { 'Content-Type': 'application/json' } : {}),
    ...options.headers,
  };
  const url = apiUrl(path, options.query);
  let response: Response;
  try {
    response = await (takeEarlyRead(url, options) ??
      fetch(url, {
        method: options.method ?? 'GET',
        headers,
        body: options.body instanceof FormData ? options.body : options.body !== undefined ? JSON.stringify(options.body) : undefined,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      }));
  } catch (err) {
    const timedOut = err instanceof DOMException && err.name === 'TimeoutError';
    throw new ApiFailure(0, undefined, timedOut ? 'errors.timeout' : 'errors.network');
  }
  let body: Record<string, unknown> | undefined;
  try {
    body = (await response.json()) as Record<string, unknown>;
  } catch {
    body = undefined;
  }
  const accepted = body && (options.acceptBody ? options.acceptBody(body) : body.status === 200);
  if (!response.ok || !accepted) {
    const msg = typeof body?.msg === 'string' && body.msg ? body.msg : undefined;
    throw new ApiFailure(response.status, msg, msg ? undefined : 'errors.generic', body);
  }
  return body as T;
}

/** The file name a reply names (RFC 5987 `filename*` first), else `fallbackName`. */
function fileNameOf(response: Response, fallbackName: string): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  return star ? decodeURIComponent(star) : (/filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName);
}

/**
 * A call whose reply is a file (reports, CSV exports, evidence): saved by the browser under the
 * server's file name. Failures are the same `ApiFailure`s as `callApi`'s.
 */
export async function downloadFile(path: string, options: Pick<CallOptions, 'method' | 'query' | 'body'>, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers: { ...apiHeaders(), ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    throw new ApiFailure(0, undefined, 'errors.network');
  }
  if (!response.ok) {
    const reply = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    const msg = typeof reply.msg === 'string' ? reply.msg : undefined;
    throw new ApiFailure(response.status, msg, msg ? undefined : 'errors.generic', reply);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: fileNameOf(response, fallbackName) });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
