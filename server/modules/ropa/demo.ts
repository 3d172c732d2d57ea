import { addDays, inBangkok } from '../../../contract/clock';
import { format } from 'date-fns';
import { ropaBody, type RopaState } from '../../../contract/ropa';
import { saveSmeAssessment } from './sme';
import { ROPA_DEMO_ACTIVITIES, ROPA_DEMO_SME } from '../../../demo';
import { smeAnswers } from '../../../contract/ropaSme';
import type { Queryable } from '../../db/client';
import type { ModuleDemo } from '../../db/seed';
import { moveActivity, saveActivity } from './activities';

const PATH: Record<RopaState, RopaState[]> = {
  draft: [],
  review: ['review'],
  approved: ['review', 'approved'],
  archived: ['review', 'approved', 'archived'],
};

/**
 * Writes a company's demo records of processing (demo/ropa.ts); the first DSR form belongs to the activity marked `dsrForm`.
 * `userId` writes them and sends them for review; `reviewerId` (the DPO where the company has one) is asked to review
 * them and approves them (four eyes: the author does not approve), so the records left in review wait for the DPO.
 */
export async function seedRopaDemo(q: Queryable, companyId: string, companyCode: string, userId: string, reviewerId: string | null = null) {
  const byName = async (table: string) =>
    new Map(
      (await q.query<{ id: string; name: string }>(`select id, name from ${table} where company_id = $1`, [companyId])).map((r) => [r.name, r.id]),
    );
  const departments = await byName('departments');
  const categories = await byName('data_categories');
  const subjects = await byName('data_subject_categories');
  const processors = await byName('processors');
  const purposes = await byName('processing_purposes');
  const ids = (names: string[], map: Map<string, string>) => names.flatMap((n) => (map.has(n) ? [map.get(n)!] : []));
  const systems = await byName('datamap_systems');
  const notices = new Map(
    (
      await q.query<{ id: string; name: string }>(`select id, draft->'header'->>'projectName' as name from consent_forms where company_id = $1`, [
        companyId,
      ])
    ).map((r) => [r.name, r.id]),
  );
  const [form] = await q.query<{ id: string }>('select id from dsr_forms where company_id = $1 order by created_at limit 1', [companyId]);
  for (const a of ROPA_DEMO_ACTIVITIES[companyCode] ?? []) {
    const body = ropaBody.parse({
      name: a.name,
      role: a.role,
      departmentId: departments.get(a.department) ?? null,
      systemIds: ids(a.systems, systems),
      categoryIds: ids(a.categories, categories),
      dsrFormIds: a.dsrForm && form ? [form.id] : [],
      reviewDate: format(inBangkok(addDays(new Date(), a.reviewInDays)), 'yyyy-MM-dd'),
      record: {
        description: a.description,
        purposes: a.purposes.map((p) => ({
          purposeId: purposes.get(p.purpose) ?? null,
          text: '',
          categoryIds: ids(p.categories, categories),
          bases: p.bases,
        })),
        subjectIds: ids(a.subjects, subjects),
        controllers: a.controllers ?? '',
        retention: a.retention,
        accessRights: a.accessRights,
        accessConditions: a.accessConditions,
        disclosures: a.disclosures,
        security: a.security,
        source: a.source,
        otherSourceOn: a.otherSource ? format(inBangkok(addDays(new Date(), -a.otherSource.daysAgo)), 'yyyy-MM-dd') : null,
        transfers: [],
        noticeIds: ids(a.notices, notices),
        processorIds: ids(a.processors, processors),
      },
    });
    const id = await saveActivity(q, companyId, userId, body);
    if (a.otherSource?.informedAfter !== undefined)
      await q.query(
        `update ropa_inform_tasks set state = 'done', informed_on = collected_on + $3::int, method = 'email', closed_by = $4, closed_at = now(),
                note = 'ส่งอีเมลแจ้งพนักงานทุกคนพร้อมหนังสือแจ้งตามมาตรา 25'
          where company_id = $1 and activity_id = $2`,
        [companyId, id, a.otherSource.informedAfter, userId],
      );
    for (const to of PATH[a.state])
      if (to === 'review') await moveActivity(q, companyId, userId, id, to, 'th', reviewerId);
      else await moveActivity(q, companyId, reviewerId ?? userId, id, to);
  }
  for (const s of ROPA_DEMO_SME[companyCode] ?? [])
    await saveSmeAssessment(q, companyId, userId, smeAnswers.parse(s.answers), new Date(Date.now() - s.daysAgo * 86_400_000));
}

export default {
  // the activities link the data map's systems, the registers' entries, the notices and the first DSR form
  after: ['consent', 'datamap', 'dsr', 'registers'],
  seed: (q, { company, companyId, userIds }) => {
    const dpo = company.users.findIndex((u) => u.role === 'dpo');
    return seedRopaDemo(q, companyId, company.code, userIds[0], dpo > 0 ? userIds[dpo] : null);
  },
} satisfies ModuleDemo;
