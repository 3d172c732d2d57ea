import { zodResolver } from '@hookform/resolvers/zod';
import { loadTexts } from '../i18n/i18nProvider';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form's resolver from a contract schema (the server checks the same one). A missing value shows
 * `requiredKey`'s text (a choice not made too); other problems show zod's own reason.
 */
export function formResolver<T extends FieldValues>(schema: z.ZodType<T, FieldValues>, requiredKey: string): Resolver<T> {
  const resolve = zodResolver(schema, {
    error: (issue) =>
      (issue.code === 'too_small' && issue.minimum === 1) ||
      ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && (issue.input == null || issue.input === ''))
        ? requiredKey
        : undefined,
  }) as unknown as Resolver<T>;
  // a contract's own messages are the server's texts (`server.*`): in the catalogue before they show,
  // so a page (a public form) need not load them up front
  return async (...args) => {
    const result = await resolve(...args);
    if (JSON.stringify(result.errors).includes('"server.')) await loadTexts('server');
    return result;
  };
}
