import type { FastifyRequest } from 'fastify';
import type { Lang } from '../../i18n/messages';

export { isServerMessageKey, serverMessage, type Lang, type MessageParams, type ServerMessageKey } from '../../i18n/messages';

/** The reader's language: English when the client asks for it, else Thai. */
export function langOf(req: FastifyRequest): Lang {
  return String(req.headers['accept-language'] ?? '')
    .toLowerCase()
    .startsWith('en')
    ? 'en'
    : 'th';
}
