import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { companyDetailInput, LOGO_TYPES, isLogoType, type CompanyDetail } from '../../../contract/company';
import { serverMessage, type Lang, type MessageParams, type ServerMessageKey } from '../../http/messages';

/** Why a save is refused: a `server.*` message and its HTTP status. Shared by the server and the fake-api. */
export interface SaveProblem {
  status: 400 | 413;
  key: ServerMessageKey;
  params?: MessageParams;
}

/**
 * The `companyDetail` field of a save: JSON text, checked by the contract's schema. Its refusals are
 * worded like any other bad field (`invalid_field`), in the caller's language.
 */
export function readCompanyDetail(text: string | undefined, lang: Lang): { detail: CompanyDetail } | { problem: SaveProblem } {
  if (text === undefined || text.trim() === '') return { problem: { status: 400, key: 'company_detail_missing' } };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: { status: 400, key: 'malformed_json' } };
  }
  const result = companyDetailInput.safeParse(json, { error: (lang === 'en' ? z.locales.en() : z.locales.th()).localeError });
  if (result.success) return { detail: result.data };
  const issue = result.error.issues[0];
  const reason = issue.message.startsWith('server.') ? serverMessage(lang, issue.message.slice('server.'.length) as ServerMessageKey) : issue.message;
  const field = ['companyDetail', ...issue.path.map(String)].join('.');
  return { problem: { status: 400, key: 'invalid_field', params: { field, reason } } };
}

/** The logo's file extension when its bytes are a PNG, JPEG or WebP image, whatever its name or declared type says. */
export async function logoExtension(bytes: Uint8Array): Promise<string | undefined> {
  const type = await fileTypeFromBuffer(bytes);
  return type && isLogoType(type.mime) ? LOGO_TYPES[type.mime] : undefined;
}
