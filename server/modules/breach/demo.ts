import { subHours } from 'date-fns';
import { BREACH_DEMO, breachDemoId } from '../../../demo';
import type { Queryable } from '../../db/client';
import type { ModuleDemo } from '../../db/seed';
import { breachDeadline } from '../../../contract/breach';

const hoursAgo = (h: number) => subHours(new Date(), h).toISOString();

/** Writes one company's demo breaches (demo/breach.ts), after its data categories (their names are looked up). */
export async function seedBreachDemo(q: Queryable, companyId: string, code: string, staffId: string) {
  const demo = BREACH_DEMO[code] ?? [];
  const categories = await q.query<{ id: string; name: string; sensitive: boolean }>(
    'select id, name, sensitive from data_categories where company_id = $1',
    [companyId],
  );
  for (const [i, b] of demo.entries()) {
    const id = breachDemoId(code, i + 1);
    const awareAt = hoursAgo(b.awareHoursAgo);
    const picked = categories.filter((c) => b.categories.includes(c.name)).map((c) => ({ _id: c.id, name: c.name, sensitive: c.sensitive }));
    const first = (target: string) => {
      const n = b.notices.filter((x) => x.target === target).sort((x, y) => y.hoursAgo - x.hoursAgo)[0];
      return n ? hoursAgo(n.hoursAgo) : null;
    };
    await q.query(
      `insert into breaches (id, company_id, code, title, discovery, status, aware_at, occurred_at, cia, data_categories, sensitive_data,
                             subjects_count, subjects_estimated, records_count, records_estimated, vulnerable_groups, systems, processor, cause,
                             containment, consequences, risk_level, risk_factors, risk_rationale, assessed_at, assessed_by,
                             office_notified_at, subjects_notified_at, clock_stage, created_by, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26,
               $27, $28, $29, $26, $30, now())`,
      [
        id,
        companyId,
        `${code}-BR-${String(i + 1).padStart(4, '0')}`,
        b.title,
        b.discovery,
        b.status,
        awareAt,
        b.occurredHoursAgo === null ? null : hoursAgo(b.occurredHoursAgo),
        JSON.stringify(b.cia),
        JSON.stringify(picked),
        b.sensitiveData,
        b.subjectsCount,
        b.subjectsEstimated,
        b.recordsCount,
        b.recordsEstimated,
        b.vulnerableGroups,
        b.systems,
        b.processor,
        b.cause,
        b.containment,
        b.consequences,
        b.assessment?.level ?? null,
        b.assessment ? JSON.stringify(b.assessment.factors) : null,
        b.assessment?.rationale ?? null,
        b.assessment ? hoursAgo(b.assessment.hoursAgo) : null,
        staffId,
        first('office'),
        first('subjects'),
        b.clockStage,
        hoursAgo(b.createdHoursAgo),
      ],
    );
    for (const n of b.notices) {
      const sentAt = hoursAgo(n.hoursAgo);
      const late = n.target === 'office' && new Date(sentAt) > breachDeadline(awareAt);
      await q.query(
        `insert into breach_notices (company_id, breach_id, target, sent_at, channel, reference, late, late_reasons, created_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [companyId, id, n.target, sentAt, n.channel, n.reference, late, n.lateReasons, staffId],
      );
    }
    const entries: [string, string, number, string, Record<string, unknown>?][] = [['created', 'discovered', b.createdHoursAgo, ''], ...b.timeline];
    for (const [action, status, ago, note, detail] of entries) {
      await q.query(
        'insert into breach_history (company_id, breach_id, action, status, note, detail, actor_id, at) values ($1, $2, $3, $4, $5, $6, $7, $8)',
        [companyId, id, action, status, note, JSON.stringify(detail ?? {}), staffId, hoursAgo(ago)],
      );
    }
  }
  // the demo names its systems as the data map does (demo/ropa.ts): those become links, the rest stay free text
  await q.query('select breach_systems_from_names($1)', [companyId]);
  await q.query('insert into breach_counters (company_id, last) values ($1, $2)', [companyId, demo.length]);
}

export default {
  // the breaches name the data map's systems and the registers' data categories
  after: ['datamap', 'registers'],
  seed: (q, { company, companyId, userIds }) => seedBreachDemo(q, companyId, company.code, userIds[0]),
} satisfies ModuleDemo;
