import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { ADULT_AGE, consentStaffGiveBody, consentStaffWithdrawBody, type PublishedNotice } from '../../contract/consent';
import type { StaffRecording } from '../consent-notices/consentApi';
import { NO_GUARDIAN, guardianComplete, type Guardian } from '../consent-notices/public/GuardianFields';

export type StaffMode = 'give' | 'withdraw';

/** What staff type in: the recording (channel, where the proof is kept) and the person's side. */
export interface StaffConsentValues {
  channel: StaffRecording['channel'];
  reference: string;
  subjectId: string;
  email: string;
  name: string;
  /** as typed in the number field: '' until given */
  age: string;
  lang: 'th' | 'en';
  ticked: string[];
  guardian: Guardian;
}

export const EMPTY_STAFF_CONSENT: StaffConsentValues = {
  channel: 'paper',
  reference: '',
  subjectId: '',
  email: '',
  name: '',
  age: '',
  lang: 'th',
  ticked: [],
  guardian: NO_GUARDIAN,
};

export const ageOf = (v: Pick<StaffConsentValues, 'age'>) => (v.age === '' ? undefined : Number(v.age));
/** under 20 (s.20): the holder of parental responsibility consents too */
export const isMinor = (mode: StaffMode, v: Pick<StaffConsentValues, 'age'>) => {
  const years = ageOf(v);
  return mode === 'give' && years !== undefined && years < ADULT_AGE;
};

/** The call's body, as the public page sends it, with the recording's channel and reference. */
export function staffConsentBody(mode: StaffMode, notice: PublishedNotice, v: StaffConsentValues) {
  const recording = { formId: notice.formId, channel: v.channel, reference: v.reference.trim(), subjectId: v.subjectId.trim(), email: v.email.trim(), lang: v.lang };
  if (mode === 'withdraw') return { ...recording, purposes: v.ticked };
  return {
    ...recording,
    name: v.name.trim(),
    age: ageOf(v),
    version: notice.version,
    purposes: notice.draft.consent.purposes.map((p) => ({ _id: p._id, consent: v.ticked.includes(p._id) })),
    ...(isMinor(mode, v) ? { guardian: { name: v.guardian.name.trim(), relation: v.guardian.relation.trim(), consent: true as const } } : {}),
  };
}

/** The i18n key (and arguments) of a problem: a missing value is the page's "required" text. */
function problemOf(issue: z.core.$ZodIssue): { key: string; args?: Record<string, unknown> } {
  const missing = issue.input === undefined || issue.input === '' || (issue.code === 'too_small' && issue.minimum === 1 && issue.origin === 'string');
  if (missing) return { key: 'consent.public.required' };
  if (issue.code === 'invalid_format' && issue.format === 'email') return { key: 'ra.validation.email' };
  if (issue.code === 'too_big') return { key: issue.origin === 'number' ? 'ra.validation.maxValue' : 'ra.validation.maxLength', args: { max: issue.maximum } };
  if (issue.code === 'too_small') return { key: 'ra.validation.minValue', args: { min: issue.minimum } };
  return { key: 'consent.public.required' };
}

/**
 * The contract's rules of `POST /consents/manage/give` or `/withdraw` (the server checks the same),
 * run on the body the form would send; a minor's guardian must be complete, and a purpose ticked.
 * Each problem's message is an i18n key, its arguments JSON in `type`.
 */
export const staffConsentResolver =
  (mode: StaffMode, notice: PublishedNotice): Resolver<StaffConsentValues> =>
  async (values) => {
    const errors: FieldErrors<StaffConsentValues> = {};
    const schema = mode === 'give' ? consentStaffGiveBody : consentStaffWithdrawBody;
    const checked = schema.safeParse(staffConsentBody(mode, notice, values), { reportInput: true });
    for (const issue of checked.success ? [] : checked.error.issues) {
      const field = (issue.path[0] === 'purposes' ? 'ticked' : issue.path[0]) as keyof StaffConsentValues;
      const { key, args } = problemOf(issue);
      errors[field] ??= { type: JSON.stringify(args ?? {}), message: key };
    }
    if (isMinor(mode, values) && !guardianComplete(values.guardian)) errors.guardian ??= { type: '{}', message: 'consent.public.required' };
    if (!values.ticked.length) errors.ticked = { type: '{}', message: 'consent.public.pick_one' };
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  };

/** The one problem the form shows: a missing or wrong value first, then an unticked list. */
export function firstProblem(errors: FieldErrors<StaffConsentValues>): { key: string; args: Record<string, unknown> } | undefined {
  const fields = Object.keys(errors) as (keyof StaffConsentValues)[];
  const field = fields.find((f) => f !== 'ticked') ?? fields[0];
  const error = field ? errors[field] : undefined;
  return error?.message ? { key: String(error.message), args: JSON.parse(String(error.type || '{}')) as Record<string, unknown> } : undefined;
}
