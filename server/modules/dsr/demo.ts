import { addDays } from '../../../contract/clock';
import { DSR_DEMO_DETAILS, DSR_DEMO_FORM, DSR_DEMO_REQUESTS, DSR_DEMO_SUBJECT, dsrDemoHistory } from '../../../demo';
import type { Queryable } from '../../db/client';
import type { ModuleDemo } from '../../db/seed';
import { seedDsrTaskDemo } from './taskDemo';

const daysAgo = (d: number) => addDays(new Date(), -d);

/** Writes one company's demo request form and requests (demo/dsr.ts). */
export async function seedDsrDemo(q: Queryable, companyId: string, code: string, staffId: string) {
  const f = DSR_DEMO_FORM;
  const [{ id: formId }] = await q.query<{ id: string }>(
    `insert into dsr_forms (company_id, name, published, rights, identity_fields, evidence_required, evidence_note, texts)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [companyId, f.name, f.status, f.rights, f.identityFields, f.evidenceRequired, JSON.stringify(f.evidenceNote), JSON.stringify(f.texts)],
  );
  let n = 0;
  for (const r of DSR_DEMO_REQUESTS) {
    n += 1;
    const ref = `${code}-DSR-${String(n).padStart(4, '0')}`;
    const receivedAt = daysAgo(r.receivedDaysAgo);
    const [{ id }] = await q.query<{ id: string }>(
      `insert into dsr_requests (company_id, form_id, reference_code, status_id, rights, requester_type, subject, email, details,
                                 received_at, due_at, refusal_ground, refusal_reasons, proof_text, assignee_id, due_notified_at, channel, recorded_by)
       values ($1, $2, $3, $4, $5, 'subject', $6, $7, $8, $9, $9::timestamptz + interval '720 hours', $10, $11, $12, $13, $14,
               $15, $16) returning id`,
      [
        companyId,
        formId,
        ref,
        r.statusId,
        r.rights,
        JSON.stringify({ firstname: r.firstname, lastname: r.lastname, email: r.email, ...DSR_DEMO_SUBJECT }),
        r.email,
        DSR_DEMO_DETAILS,
        receivedAt.toISOString(),
        r.refusal?.ground ?? null,
        r.refusal?.reasons ?? null,
        r.proof ?? null,
        r.statusId > 1 ? staffId : null,
        r.dueNotified ? new Date().toISOString() : null,
        // a request taken by telephone or post was recorded by staff
        r.channel ?? 'web',
        r.channel ? staffId : null,
      ],
    );
    for (const [i, [s, ago, note]] of dsrDemoHistory(r).entries()) {
      await q.query(`insert into dsr_history (company_id, request_id, action, status_id, note, actor_id, at) values ($1, $2, $3, $4, $5, $6, $7)`, [
        companyId,
        id,
        i === 0 ? 'received' : 'state',
        s,
        note,
        i === 0 && !r.channel ? null : staffId,
        daysAgo(ago).toISOString(),
      ]);
    }
    if (r.refusal) {
      await q.query(
        `insert into dsr_refusals (company_id, request_id, reference_code, rights, legal_ground, reasons, refused_by, refused_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [companyId, id, ref, r.rights, r.refusal.ground, r.refusal.reasons, staffId, daysAgo(r.receivedDaysAgo - 3).toISOString()],
      );
    }
  }
  await q.query('insert into dsr_counters (company_id, last) values ($1, $2)', [companyId, n]);
}

export default {
  // the accepted requests' tasks are on the data map's systems
  after: ['datamap'],
  seed: async (q, { company, companyId, userIds }) => {
    await seedDsrDemo(q, companyId, company.code, userIds[0]);
    await seedDsrTaskDemo(q, companyId, company.code, userIds[0]);
  },
} satisfies ModuleDemo;
