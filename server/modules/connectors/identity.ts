import type { Queryable } from '../../db/client';
import { notFound } from '../../http/errors';
import type { Identity } from './engine';

interface RequestIdentityRow {
  reference_code: string;
  email: string;
  subject: { email?: string; phone?: string; idNumber?: string; customerNo?: string };
}

const unique = (values: (string | undefined)[]) => [
  ...new Set(values.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim())),
];
const digits = (v: string | undefined) => v?.replace(/\D/g, '');

/**
 * The values that identify the data subject of a request, per kind of identity column: the e-mail as
 * given and in lower case, the telephone and national ID as given and as digits only (a Thai mobile
 * also as 0XXXXXXXXX when given as +66), the customer number when the request has one.
 */
export function identityOf(subject: RequestIdentityRow['subject'], requestEmail: string): Identity {
  const emails = unique([subject.email, requestEmail]);
  const phone = digits(subject.phone);
  return {
    email: unique([...emails, ...emails.map((e) => e.toLowerCase())]),
    phone: unique([subject.phone, phone, phone?.startsWith('66') ? `0${phone.slice(2)}` : undefined]),
    national_id: unique([subject.idNumber, digits(subject.idNumber)]),
    customer_no: unique([subject.customerNo]),
  };
}

/** A request of the company (else 404): its reference and its subject's identity. */
export async function requestIdentity(q: Queryable, companyId: string, requestId: string) {
  const [row] = await q.query<RequestIdentityRow>('select reference_code, email, subject from dsr_requests where company_id = $1 and id = $2', [
    companyId,
    requestId,
  ]);
  if (!row) throw notFound();
  return { referenceCode: row.reference_code, identity: identityOf(row.subject, row.email) };
}
