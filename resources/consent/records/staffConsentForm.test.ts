import { describe, expect, it } from 'vitest';
import { emptyDraft, type PublishedNotice } from '../../../contract/consent';
import { EMPTY_STAFF_CONSENT, firstProblem, staffConsentBody, staffConsentResolver, type StaffConsentValues } from './staffConsentForm';

const notice = {
  formId: '7d6b0a52-3c1e-4a43-9d1e-0e4c5c7b2a11',
  version: 3,
  draft: {
    ...emptyDraft(),
    consent: {
      ...emptyDraft().consent,
      purposes: [
        { _id: 'p1', data: [], list: [] },
        { _id: 'p2', data: [], list: [] },
      ],
    },
  },
} as unknown as PublishedNotice;
const filled: StaffConsentValues = {
  ...EMPTY_STAFF_CONSENT,
  reference: ' แบบฟอร์มกระดาษ 0099 ',
  subjectId: 'PAPER-0099',
  email: 'paper@example.com',
  name: 'สมใจ กระดาษ',
  age: '35',
  ticked: ['p2'],
};
const check = async (mode: 'give' | 'withdraw', values: StaffConsentValues) =>
  firstProblem((await staffConsentResolver(mode, notice)(values, undefined, { fields: {}, shouldUseNativeValidation: false })).errors);

describe('the staff consent form', () => {
  it('accepts a complete consent and sends every purpose with its tick, the version and the trimmed reference', async () => {
    expect(await check('give', filled)).toBeUndefined();
    expect(staffConsentBody('give', notice, filled)).toMatchObject({
      reference: 'แบบฟอร์มกระดาษ 0099',
      age: 35,
      version: 3,
      purposes: [
        { _id: 'p1', consent: false },
        { _id: 'p2', consent: true },
      ],
    });
  });

  it('asks for a missing value before an unticked list', async () => {
    expect(await check('give', { ...filled, name: ' ', ticked: [] })).toEqual({ key: 'consent.public.required', args: {} });
    expect(await check('give', { ...filled, ticked: [] })).toEqual({ key: 'consent.public.pick_one', args: {} });
  });

  it("refuses a minor's consent without the guardian, and sends the guardian once complete", async () => {
    const minor = { ...filled, age: '15' };
    expect(await check('give', minor)).toEqual({ key: 'consent.public.required', args: {} });
    const withGuardian = { ...minor, guardian: { name: 'สมศรี', relation: 'มารดา', consent: true } };
    expect(await check('give', withGuardian)).toBeUndefined();
    expect(staffConsentBody('give', notice, withGuardian)).toHaveProperty('guardian', { name: 'สมศรี', relation: 'มารดา', consent: true });
  });

  it('names a malformed e-mail, and a withdrawal needs no name or age', async () => {
    expect(await check('give', { ...filled, email: 'not-mail' })).toEqual({ key: 'ra.validation.email', args: {} });
    expect(await check('withdraw', { ...filled, name: '', age: '' })).toBeUndefined();
    expect(staffConsentBody('withdraw', notice, filled)).not.toHaveProperty('name');
  });
});
