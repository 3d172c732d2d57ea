import { MENU } from '../../../contract/menus';
import {
  smeAnswers,
  smeAssessmentReply,
  smeAssessmentsReply,
  smeListQuery,
  smeResult,
  type SmeAnswers,
  type SmeAssessment,
} from '../../../contract/ropaSme';
import type { Queryable } from '../../db/client';
import { pageOf } from '../../db/paging';
import { iso } from '../../db/rows';
import { route } from '../../http/route';
import { USER_NAME } from './rows';

const read = { menuId: MENU.ropa.menuId } as const;
const write = { ...read, write: true } as const;

interface SmeRow {
  id: string;
  answers: SmeAnswers;
  answered_by_name: string | null;
  answered_at: Date | string;
}
const COLUMNS = `s.id, s.answers, s.answered_at, ${USER_NAME('u')} as answered_by_name`;
const FROM = 'ropa_sme_assessments s left join users u on u.id = s.answered_by';

/** One kept round: its answers, and the result the rules give them (the stored columns are the same result, for SQL). */
const toAssessment = (r: SmeRow): SmeAssessment => {
  const answers = smeAnswers.parse(r.answers);
  const { size, byStaff, byRevenue, exempt, mustRecord, blockers } = smeResult(answers);
  return {
    _id: r.id,
    answers,
    size,
    byStaff,
    byRevenue,
    exempt,
    mustRecord,
    blockers,
    answeredBy: r.answered_by_name,
    answeredAt: iso(r.answered_at),
  };
};

/** Keeps one round of the wizard's answers with its result, who and when (now, unless the demo says when). */
export async function saveSmeAssessment(q: Queryable, companyId: string, userId: string | null, answers: SmeAnswers, answeredAt = new Date()) {
  const r = smeResult(answers);
  const [{ id }] = await q.query<{ id: string }>(
    `insert into ropa_sme_assessments (company_id, answers, size, exempt, must_record, answered_by, answered_at)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [companyId, JSON.stringify(answers), r.size, r.exempt, r.mustRecord, userId, answeredAt.toISOString()],
  );
  return id;
}

/** `GET/POST /ropa/sme`: the SME exemption wizard's rounds (menu 11), newest first. */
export const smeRoutes = [
  route({
    method: 'GET',
    url: '/ropa/sme',
    access: read,
    query: smeListQuery,
    reply: smeAssessmentsReply,
    handler: async ({ db, session, query }) => {
      const { rows, total } = await pageOf<SmeRow>(db, {
        select: COLUMNS,
        from: FROM,
        where: 's.company_id = $1',
        order: 's.answered_at desc, s.id desc',
        params: [session.companyId],
        paging: query,
      });
      return { assessments: rows.map(toAssessment), totalDoc: total };
    },
  }),
  route({
    method: 'POST',
    url: '/ropa/sme',
    access: write,
    body: smeAnswers,
    reply: smeAssessmentReply,
    handler: async ({ db, session, body }) => {
      const id = await saveSmeAssessment(db, session.companyId, session.userId, body);
      const [row] = await db.query<SmeRow>(`select ${COLUMNS} from ${FROM} where s.id = $1 and s.company_id = $2`, [id, session.companyId]);
      return { data: toAssessment(row) };
    },
  }),
];
