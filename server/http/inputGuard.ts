import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors';
import { isApiPath } from './errors';

/**
 * Text the database cannot store, refused in ONE place for every route (its own and those added
 * later): a NUL character (PostgreSQL's text and jsonb refuse `\u0000`) or a lone UTF-16 surrogate
 * (not a character; PostgreSQL refuses it in jsonb and UTF-8 cannot encode it). Every string of the
 * query, the body (JSON, or a multipart form's fields) and the path's parameters, and every key of
 * an object, is checked before validation and before the handler runs: a 400 naming the field,
 * nothing stored.
 */
export function badTextPath(value: unknown): string | undefined {
  // iterative: a body nested 10,000 deep must not overflow the stack
  const stack: Array<[unknown, string]> = [[value, '']];
  const seen = new Set<object>();
  while (stack.length) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      if (!isCleanText(item)) return path || '-';
      continue;
    }
    if (item === null || typeof item !== 'object' || seen.has(item)) continue;
    seen.add(item);
    if (Buffer.isBuffer(item) || ArrayBuffer.isView(item)) continue;
    if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push([item[i], path ? `${path}.${i}` : String(i)]);
      continue;
    }
    for (const [key, child] of Object.entries(item)) {
      const childPath = path ? `${path}.${key}` : key;
      if (!isCleanText(key)) return childPath;
      stack.push([child, childPath]);
    }
  }
  return undefined;
}

/** A lone surrogate: a high one not followed by a low one, or a low one not after a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isCleanText = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/** A multipart form's fields as plain values (its parts refer to each other; files are left out). */
function multipartFields(body: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!body || typeof body !== 'object') return out;
  for (const [name, part] of Object.entries(body)) {
    const parts = Array.isArray(part) ? part : [part];
    out[name] = parts.map((p: { type?: string; value?: unknown; filename?: unknown }) => (p?.type === 'field' ? p.value : p?.filename));
  }
  return out;
}

export function installInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req: FastifyRequest) => {
    if (!isApiPath(req.url)) return;
    // multipart/form-data is parsed in the upload routes' scope only (server/app.ts); its parts refer to each other
    const multipart = (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/');
    const body = multipart ? multipartFields(req.body) : req.body;
    for (const [where, value] of [
      ['params', req.params],
      ['query', req.query],
      ['body', body],
    ] as const) {
      const path = badTextPath(value);
      if (path !== undefined) throw new ApiError(400, 'text_nul', { field: path === '-' ? where : path });
    }
  });
}
