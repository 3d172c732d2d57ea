import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { ADULT_AGE } from '../../../../contract/consent';
import { guardianComplete, type Guardian } from './GuardianFields';

/** What every consent form holds besides its own fields: the age as typed, the ticks, the guardian. */
export interface ConsentFormValues extends FieldValues {
  /** as typed in the number field: '' until given */
  age: string;
  ticked: string[];
  guardian: Guardian;
}

export const ageOf = (v: Pick<ConsentFormValues, 'age'>) => (v.age === '' ? undefined : Number(v.age));
/** under 20 (s.20): the holder of parental responsibility consents too */
export const underAge = (v: Pick<ConsentFormValues, 'age'>) => {
  const years = ageOf(v);
  return years !== undefined && years < ADULT_AGE;
};

/** The i18n key (and arguments) of a problem: a missing value is the page's "required" text. */
function problemOf(issue: z.core.$ZodIssue): { key: string; args?: Record<string, unknown> } {
  const missing = issue.input === undefined || issue.input === '' || (issue.code === 'too_small' && issue.minimum === 1 && issue.origin === 'string');
  if (missing) return { key: 'consent.public.required' };
  if (issue.code === 'invalid_format' && issue.format === 'email') return { key: 'ra.validation.email' };
  if (issue.code === 'too_big')
    return { key: issue.origin === 'number' ? 'ra.validation.maxValue' : 'ra.validation.maxLength', args: { max: issue.maximum } };
  if (issue.code === 'too_small') return { key: 'ra.validation.minValue', args: { min: issue.minimum } };
  return { key: 'consent.public.required' };
}

/**
 * A consent form's resolver: the contract's rules of the call (the server checks the same) run on
 * the body the form would send; a minor's guardian must be complete, and a purpose ticked. Each
 * problem's message is an i18n key, its arguments JSON in `type`.
 */
export function consentResolver<V extends ConsentFormValues>(
  schema: z.ZodType,
  bodyOf: (values: V) => unknown,
  needsGuardian: (values: V) => boolean,
): Resolver<V> {
  return async (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    const checked = schema.safeParse(bodyOf(values), { reportInput: true });
    for (const issue of checked.success ? [] : checked.error.issues) {
      const field = issue.path[0] === 'purposes' ? 'ticked' : String(issue.path[0]);
      const { key, args } = problemOf(issue);
      errors[field] ??= { type: JSON.stringify(args ?? {}), message: key };
    }
    if (needsGuardian(values) && !guardianComplete(values.guardian)) errors.guardian ??= { type: '{}', message: 'consent.public.required' };
    if (!values.ticked.length) errors.ticked = { type: '{}', message: 'consent.public.pick_one' };
    return Object.keys(errors).length ? { values: {}, errors: errors as FieldErrors<V> } : { values, errors: {} };
  };
}

/** The one problem a consent form shows: a missing or wrong value first, then an unticked list. */
export function firstProblem(errors: FieldErrors): { key: string; args: Record<string, unknown> } | undefined {
  const fields = Object.keys(errors);
  const field = fields.find((f) => f !== 'ticked') ?? fields[0];
  const error = field ? errors[field] : undefined;
  return error?.message ? { key: String(error.message), args: JSON.parse(String(error.type || '{}')) as Record<string, unknown> } : undefined;
}
