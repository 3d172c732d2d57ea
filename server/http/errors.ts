import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { API_BASE } from '../../contract/http';
import { isServerMessageKey, langOf, serverMessage, type MessageParams, type ServerMessageKey } from './messages';

/** A failure the caller can act on: its HTTP status and the message key of `server.*`. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly msgKey: ServerMessageKey,
    readonly params: MessageParams = {},
    /** a reply body to send instead of `{status, msg}` (the seed's validate call has its own shape) */
    readonly body?: Record<string, unknown>,
  ) {
    super(msgKey);
  }
}

export const badRequest = (key: ServerMessageKey = 'bad_request', params?: MessageParams) => new ApiError(400, key, params);
export const notFound = () => new ApiError(404, 'not_found');
export const conflict = (key: ServerMessageKey = 'conflict') => new ApiError(409, key);

/** Invalid input found by a contract schema; `where` is body, query or params. */
export class InputError extends Error {
  constructor(readonly issues: z.core.$ZodIssue[]) {
    super('invalid input');
  }
}

/** A 400 naming the field, worded by the catalogue (as a contract rule would be): a rule only the server can check. */
export const fieldError = (field: string, key: ServerMessageKey) =>
  new InputError([{ code: 'custom', path: [field], message: `server.${key}`, input: undefined }]);

const STATUS_MESSAGES: Record<number, ServerMessageKey> = {
  400: 'bad_request',
  401: 'not_signed_in',
  403: 'forbidden',
  404: 'route_not_found',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_media',
  429: 'throttled',
};

/** Database refusals that are the caller's doing, not the server's. */
const PG_ERRORS: Record<string, [number, ServerMessageKey]> = {
  '23503': [409, 'in_use'], // foreign key: the row is still referenced
  '23001': [409, 'in_use'], // restrict: the row is still referenced
  '23505': [409, 'conflict'], // unique violation
  '22P02': [400, 'bad_request'], // invalid text representation
  '22001': [400, 'bad_request'], // value too long
  '22021': [400, 'bad_request'], // a character the encoding refuses (NUL)
  '22007': [400, 'bad_request'], // invalid date or time format
  '22008': [400, 'bad_request'], // date or time out of range
};

export function sendFailure(reply: FastifyReply, status: number, msg: string, about?: { field: string; reason: string }) {
  return reply.code(status).send(about ? { status, msg, field: about.field, reason: about.reason } : { status, msg });
}

/** Refusals whose `field` parameter is the path of a field in the body (others name it in words). */
const NAMES_A_FIELD = new Set<ServerMessageKey>(['invalid_field', 'ropa_unknown_link']);

/**
 * The field a 400 names and its reason (contract/http.ts `failureSchema`), when it names one: `params.field`,
 * and `params.reason` (else the whole message, for a refusal worded without the field's path).
 */
const aboutField = (params: Record<string, unknown>, msg: string) =>
  typeof params.field === 'string' && params.field && params.field !== '-'
    ? { field: params.field, reason: typeof params.reason === 'string' && params.reason ? params.reason : msg }
    : undefined;

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | ApiError | InputError, req, reply) => {
    const lang = langOf(req);
    if (err instanceof ApiError) {
      if (err.body) return reply.code(err.statusCode).send(err.body);
      const msg = serverMessage(lang, err.msgKey, err.params);
      return sendFailure(reply, err.statusCode, msg, NAMES_A_FIELD.has(err.msgKey) ? aboutField(err.params, msg) : undefined);
    }
    if (err instanceof InputError) {
      const issue = describeIssue(req, err.issues[0]);
      return sendFailure(reply, 400, issue.msg, aboutField(issue, issue.msg));
    }
    const pgKey = PG_ERRORS[(err as { code?: string }).code ?? ''];
    if (pgKey) return sendFailure(reply, pgKey[0], serverMessage(lang, pgKey[1]));
    const status = (err as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const key =
        (err as FastifyError).code?.startsWith('FST_ERR_CTP_INVALID_JSON') || err instanceof SyntaxError
          ? 'malformed_json'
          : (STATUS_MESSAGES[status] ?? 'bad_request');
      return sendFailure(reply, status, serverMessage(lang, key));
    }
    req.log.error({ err }, 'unhandled error');
    return sendFailure(reply, 500, serverMessage(lang, 'internal'));
  });
}

/** "The field "x" is not valid: <the reason, already in the reader's language>", with the field and the reason apart. */
function describeIssue(req: FastifyRequest, issue: z.core.$ZodIssue | undefined): { msg: string; field?: string; reason?: string } {
  const lang = langOf(req);
  if (!issue) return { msg: serverMessage(lang, 'bad_request') };
  const field = issue.path.length ? issue.path.join('.') : '-';
  // a contract rule may name its message by key (`server.<key>`), so the form and the server word it alike
  const key = issue.message.startsWith('server.') ? issue.message.slice('server.'.length) : '';
  const reason = isServerMessageKey(key) ? serverMessage(lang, key) : issue.message;
  return { msg: serverMessage(lang, 'invalid_field', { field, reason }), field, reason };
}

export function isApiPath(url: string) {
  return url === API_BASE || url.startsWith(API_BASE + '/');
}
