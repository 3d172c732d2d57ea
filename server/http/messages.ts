import type { FastifyRequest } from 'fastify';
import serverTexts from '../../i18n/server';

export type Lang = 'th' | 'en';
export type ServerMessageKey = keyof typeof serverTexts.th.server;
export type MessageParams = Record<string, string | number>;

/** The reader's language: English when the client asks for it, else Thai. */
export function langOf(req: FastifyRequest): Lang {
  return String(req.headers['accept-language'] ?? '').toLowerCase().startsWith('en') ? 'en' : 'th';
}

export function serverMessage(lang: Lang, key: ServerMessageKey, params: MessageParams = {}): string {
  const text = serverTexts[lang].server[key];
  return text.replace(/%\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

export const isServerMessageKey = (key: string): key is ServerMessageKey => Object.hasOwn(serverTexts.th.server, key);
