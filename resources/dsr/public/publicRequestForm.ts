import { z } from 'zod';
import { DSR_FILE_MAX_BYTES, DSR_RIGHTS, dsrAddBody, dsrSubject, type DsrAddBody, type DsrPublicForm } from '../../../contract/dsr';
import { readFileInput } from '../dsrApi';

/** The text of a missing value (the resolver's `requiredKey`). */
export const REQUIRED_KEY = 'dsr.public.required';

const representative = dsrAddBody.shape.representative.unwrap();
const file = z
  .instanceof(File)
  .nullable()
  .refine((f) => !f || f.size <= DSR_FILE_MAX_BYTES, { message: 'dsr.public.file_too_large' });
const present = (f: File | null) => f !== null;

/**
 * The rules of one published form, from the contract's: the rights offered (at least one), the
 * subject (the identity fields the form asks are required), a representative's details and proof of
 * authority, the identity evidence when the form requires it, a file at most 10 MB, the consent.
 */
export function publicRequestSchema(form: Pick<DsrPublicForm, 'identityFields' | 'evidenceRequired'>) {
  const asked = Object.fromEntries(form.identityFields.map((k) => [k, true])) as Partial<Record<(typeof form.identityFields)[number], true>>;
  return z
    .object({
      rights: z.array(z.enum(DSR_RIGHTS)).min(1, { message: 'dsr.public.pick_right' }),
      requesterType: dsrAddBody.shape.requesterType,
      subject: dsrSubject.required(asked),
      representative: z.unknown(),
      details: dsrAddBody.shape.details,
      evidence: form.evidenceRequired ? file.refine(present, { message: REQUIRED_KEY }) : file,
      authority: file,
      consent: z.boolean().refine(Boolean, { message: REQUIRED_KEY }),
    })
    .superRefine((values, ctx) => {
      if (values.requesterType !== 'representative') return;
      const checked = representative.safeParse(values.representative ?? {}, { reportInput: true });
      for (const issue of checked.success ? [] : checked.error.issues) {
        ctx.addIssue({
          code: 'custom',
          path: ['representative', ...issue.path],
          message: issue.input == null || issue.code === 'too_small' ? REQUIRED_KEY : issue.message,
        });
      }
      if (!values.authority) ctx.addIssue({ code: 'custom', path: ['authority'], message: REQUIRED_KEY });
    });
}

/** The form's values: blank optional fields are undefined, files are the chosen ones. */
export interface PublicRequestValues {
  rights: DsrAddBody['rights'];
  requesterType: DsrAddBody['requesterType'];
  subject: Partial<Record<keyof DsrAddBody['subject'], string>>;
  representative: { name?: string; relation?: string; email?: string };
  details: string;
  evidence: File | null;
  authority: File | null;
  consent: boolean;
}

export const EMPTY_REQUEST: PublicRequestValues = {
  rights: [],
  requesterType: 'subject',
  subject: {},
  representative: {},
  details: '',
  evidence: null,
  authority: null,
  consent: false,
};

/** The call's body: the files' bytes read, the subject's blank fields left out. */
export async function requestBody(formId: string, lang: 'th' | 'en', v: PublicRequestValues): Promise<DsrAddBody> {
  const subject = Object.fromEntries(Object.entries(v.subject).filter(([, value]) => value?.trim())) as DsrAddBody['subject'];
  const byRepresentative = v.requesterType === 'representative';
  return {
    formId,
    rights: v.rights,
    requesterType: v.requesterType,
    subject,
    ...(byRepresentative
      ? {
          representative: v.representative as NonNullable<DsrAddBody['representative']>,
          authorityProof: v.authority ? await readFileInput(v.authority) : undefined,
        }
      : {}),
    details: v.details,
    identityEvidence: v.evidence ? await readFileInput(v.evidence) : undefined,
    consent: true,
    lang,
  };
}
