import type { Resolver } from 'react-hook-form';
import { consentStaffGiveBody, consentStaffWithdrawBody, type PublishedNotice } from '../../../contract/consent';
import type { StaffRecording } from '../notices/consentApi';
import { ageOf, consentResolver, firstProblem, underAge } from '../notices/public/consentFormRules';
import { NO_GUARDIAN, type Guardian } from '../notices/public/GuardianFields';

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

export { ageOf };
/** under 20 (s.20), giving consent: the holder of parental responsibility consents too */
export const isMinor = (mode: StaffMode, v: Pick<StaffConsentValues, 'age'>) => mode === 'give' && underAge(v);

/** The call's body, as the public page sends it, with the recording's channel and reference. */
export function staffConsentBody(mode: StaffMode, notice: PublishedNotice, v: StaffConsentValues) {
  const recording = {
    formId: notice.formId,
    channel: v.channel,
    reference: v.reference.trim(),
    subjectId: v.subjectId.trim(),
    email: v.email.trim(),
    lang: v.lang,
  };
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

/** The contract's rules of `POST /consents/manage/give` or `/withdraw`, on the body the form would send. */
export const staffConsentResolver = (mode: StaffMode, notice: PublishedNotice): Resolver<StaffConsentValues> =>
  consentResolver<StaffConsentValues>(
    mode === 'give' ? consentStaffGiveBody : consentStaffWithdrawBody,
    (values) => staffConsentBody(mode, notice, values),
    (values) => isMinor(mode, values),
  );

export { firstProblem };
