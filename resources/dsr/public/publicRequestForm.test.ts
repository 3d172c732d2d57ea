import { describe, expect, it } from 'vitest';
import { EMPTY_REQUEST, publicRequestSchema, type PublicRequestValues } from './publicRequestForm';

const form = { identityFields: ['phone' as const], evidenceRequired: true };
const evidence = new File([new Uint8Array([37, 80, 68, 70])], 'id.pdf', { type: 'application/pdf' });
const filled: PublicRequestValues = {
  ...EMPTY_REQUEST,
  rights: ['access'],
  subject: { firstname: 'สมหญิง', lastname: 'ใจดี', email: 'a@b.co', phone: '0812345678' },
  evidence,
  consent: true,
};
const problems = (values: PublicRequestValues, f = form) => {
  const result = publicRequestSchema(f).safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('the public request form', () => {
  it('accepts a complete request', () => {
    expect(problems(filled)).toEqual([]);
  });

  it('asks for a right, the identity fields the form asks, the evidence and the consent', () => {
    const paths = problems({ ...filled, rights: [], subject: { ...filled.subject, phone: undefined }, evidence: null, consent: false }).map(
      ([p]) => p,
    );
    expect(paths).toEqual(['rights', 'subject.phone', 'evidence', 'consent']);
    expect(problems({ ...filled, rights: [] })).toEqual([['rights', 'dsr.public.pick_right']]);
  });

  it('does not ask for evidence the form does not require, nor identity fields it does not ask', () => {
    expect(
      problems({ ...filled, evidence: null, subject: { ...filled.subject, phone: undefined } }, { identityFields: [], evidenceRequired: false }),
    ).toEqual([]);
  });

  it("refuses a file over 10 MB, and a representative's request without their details and proof", () => {
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.pdf');
    expect(problems({ ...filled, evidence: big })).toEqual([['evidence', 'dsr.public.file_too_large']]);
    expect(problems({ ...filled, requesterType: 'representative', representative: { name: 'ทนาย' } }).map(([p]) => p)).toEqual([
      'representative.relation',
      'representative.email',
      'authority',
    ]);
  });
});
