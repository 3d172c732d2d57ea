import { expect } from 'vitest';
import { FAILURE_STATUSES, failureSchema } from '../../contract/http';
import { serverMessage, type Lang, type MessageParams, type ServerMessageKey } from '../../server/http/messages';
import type { SigninReply } from '../../contract/auth';
import type { Db } from '../../server/db/client';
import type { ApiClient, Reply } from './client';

/** What every test of one target shares: the client and the demo sessions opened before the tests. */
export interface Ctx {
  /** the target's name, known when the tests are collected */
  target: string;
  api: ApiClient;
  demoAdmin: SigninReply;
  demoViewer: SigninReply;
  demoContact: SigninReply;
  siamAdmin: SigninReply;
  /** the server's database; undefined on the fake-api */
  db?: Db;
}

/**
 * A failure as the contract words it: the HTTP status (a 4xx of the catalogue, never a 5xx),
 * repeated in the body, with a message the reader can act on.
 */
export function expectFailure(reply: Reply, status: (typeof FAILURE_STATUSES)[number]) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  const body = failureSchema.parse(reply.body);
  expect(body.status).toBe(status);
  return body;
}

/** A failure whose message is exactly the server's `server.<key>` text in `lang`. */
export function expectMessage(
  reply: Reply,
  status: (typeof FAILURE_STATUSES)[number],
  key: ServerMessageKey,
  lang: Lang = 'th',
  params: MessageParams = {},
) {
  const body = expectFailure(reply, status);
  expect(body.msg).toBe(serverMessage(lang, key, params));
}

/**
 * A 400 naming the field that was refused (`-` for the body as a whole): in the message, and apart
 * (`field`, `reason`) so a form can put the reason on that field.
 */
export function expectInvalidField(reply: Reply, field: string, lang: Lang = 'th') {
  const body = expectFailure(reply, 400);
  const [before] = serverMessage(lang, 'invalid_field', { field, reason: '\u0000' }).split('\u0000');
  expect(body.msg.startsWith(before), `"${body.msg}" should start with "${before}"`).toBe(true);
  expect(body.msg.length).toBeGreaterThan(before.length);
  if (field !== '-') expect(body).toMatchObject({ field, reason: body.msg.slice(before.length) });
  return body;
}
