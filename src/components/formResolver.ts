import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form's resolver from a contract schema (the server checks the same one). A missing value shows
 * `requiredKey`'s text; other problems show zod's own reason.
 */
export function formResolver<T extends FieldValues>(schema: z.ZodType<T, FieldValues>, requiredKey: string): Resolver<T> {
  return zodResolver(schema, {
    error: (issue) =>
      (issue.code === 'too_small' && issue.minimum === 1) || (issue.code === 'invalid_type' && issue.input == null) ? requiredKey : undefined,
  }) as unknown as Resolver<T>;
}
