import { addDaysToDate, bangkokDate } from '../../../contract/dpo';
import { DPO_DEMO } from '../../../demo';
import type { Queryable } from '../../db/client';
import type { ModuleDemo } from '../../db/seed';
import { dpoReportInput } from '../../../contract/dpo';
import { saveReport } from './reports';
import { saveAssessment } from './rows';

/** Writes a company's demo DPO appointments and questionnaire answers (demo/dpo.ts); the last appointment is the current one. */
export async function seedDpoDemo(q: Queryable, companyId: string, companyCode: string) {
  const demo = DPO_DEMO[companyCode];
  if (!demo) return;
  const today = bangkokDate();
  const userId = async (username: string | undefined) => {
    if (!username) return null;
    const [u] = await q.query<{ id: string }>('select id from users where company_id = $1 and username = $2', [companyId, username]);
    return u?.id ?? null;
  };
  for (const a of demo.appointments) {
    const appointed = addDaysToDate(today, -a.appointedDaysAgo);
    const after = (days: number | null | undefined) => (days === null || days === undefined ? null : addDaysToDate(appointed, days));
    const members = [];
    for (const m of a.members ?? []) members.push({ userId: await userId(m.username), name: m.name, position: m.position });
    await q.query(
      `insert into dpo_appointments (company_id, kind, user_id, name, representative, members, contact_email, contact_phone, contact_address,
         appointed_on, term_ends_on, office_informed_on, order_no, duties, ended_on, end_reason, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $10::date)`,
      [
        companyId,
        a.kind,
        await userId(a.username),
        a.name,
        a.representative ?? '',
        JSON.stringify(members),
        a.contact.email,
        a.contact.phone,
        a.contact.address,
        appointed,
        after(a.termDays),
        after(a.informedAfterDays),
        a.orderNo,
        a.duties,
        after(a.endedAfterDays),
        a.endReason ?? '',
      ],
    );
  }
  for (const s of demo.assessments) {
    await saveAssessment(q, companyId, await userId('admin'), s.answers, new Date(Date.now() - s.daysAgo * 86_400_000));
  }
  for (const { daysAgo, ...r } of demo.reports ?? []) {
    await saveReport(q, companyId, await userId('admin'), dpoReportInput.parse({ ...r, reportedOn: addDaysToDate(today, -daysAgo) }));
  }
}

export default { seed: (q, { company, companyId }) => seedDpoDemo(q, companyId, company.code) } satisfies ModuleDemo;
