import { z } from 'zod';
import { ApiError } from '../../http/errors';
import { serverMessage, type Lang, type ServerMessageKey } from '../../http/messages';

/**
 * Parses a DSR body with its contract schema. The contract's own refusals (`server.<key>`) are
 * answered with their message; an oversized file is a 413. Shared with the fake-api.
 */
export function parseDsr<T>(schema: z.ZodType<T>, value: unknown, lang: Lang): T {
  const result = schema.safeParse(value ?? {}, { error: (lang === 'en' ? z.locales.en() : z.locales.th()).localeError });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.length ? issue.path.join('.') : '-';
  if (issue.message.startsWith('server.')) {
    const key = issue.message.slice('server.'.length) as ServerMessageKey;
    if (key === 'dsr_file_too_large') throw new ApiError(413, key);
    if (key === 'dsr_consent_required' || key === 'dsr_representative_proof' || key === 'dsr_refusal_required' || key === 'dsr_proof_required') {
      throw new ApiError(400, key);
    }
    throw new ApiError(400, 'invalid_field', { field, reason: serverMessage(lang, key) });
  }
  throw new ApiError(400, 'invalid_field', { field, reason: issue.message });
}
