import {
  FRAMEWORK_LISTS,
  FRAMEWORK_REQUIREMENTS,
  frameworkDetailReply,
  frameworkEvidenceBody,
  frameworkEvidenceReply,
  frameworkIdParams,
  frameworkListQuery,
  frameworkListReply,
  frameworkReply,
  requirementOf,
} from '../../../contract/framework';
import { bangkokDay } from '../../../contract/clock';
import { MENU } from '../../../contract/menus';
import type { Db, Queryable } from '../../db/client';
import { iso, userNameSql } from '../../db/rows';
import { fieldError } from '../../http/errors';
import { route } from '../../http/route';
import { recordsOf } from './records';
import { isStale } from './scoring';
import { frameworkHistory, keptFramework, refreshFramework } from './snapshot';

/** The framework is the dashboard's (menu 2): read with its view right; evidence and a refresh need its edit right. */
const read = { menuId: MENU.dashboard.menuId } as const;
const write = { menuId: MENU.dashboard.menuId, write: true } as const;

/** This month's kept snapshot; the first call of a month (before the timed work) computes and keeps it. */
async function snapshotOf(db: Db, reader: Queryable, companyId: string) {
  return (await keptFramework(reader, companyId)) ?? refreshFramework(db, companyId);
}

interface EvidenceRow {
  id: string;
  requirement_id: string;
  note: string;
  reference: string;
  evidenced_on: string;
  created_by: string | null;
  created_at: Date | string;
}
const EVIDENCE_SELECT = `select e.id, e.requirement_id, e.note, e.reference, to_char(e.evidenced_on, 'YYYY-MM-DD') as evidenced_on,
                                ${userNameSql('u')} as created_by, e.created_at
                           from framework_evidence e left join users u on u.id = e.created_by`;
const toEvidence = (r: EvidenceRow, today: string) => ({
  id: r.id,
  requirementId: r.requirement_id,
  note: r.note,
  reference: r.reference,
  evidencedOn: r.evidenced_on,
  stale: isStale(r.evidenced_on, today),
  createdBy: r.created_by,
  createdAt: iso(r.created_at),
});

export const frameworkRoutes = [
  route({
    method: 'GET',
    url: '/framework',
    access: read,
    reply: frameworkReply,
    handler: async ({ db, reader, session }) => ({ data: await snapshotOf(db, reader, session.companyId) }),
  }),

  route({
    method: 'POST',
    url: '/framework/refresh',
    access: write,
    reply: frameworkReply,
    handler: async ({ db, session }) => ({ data: await refreshFramework(db, session.companyId) }),
  }),

  route({
    method: 'GET',
    url: '/framework/requirements',
    access: read,
    query: frameworkListQuery,
    reply: frameworkListReply,
    handler: async ({ db, reader, session, query, reply }) => {
      const snapshot = await snapshotOf(db, reader, session.companyId);
      const f = query.filter;
      const order = new Map(FRAMEWORK_REQUIREMENTS.map((r, i) => [r.id as string, i]));
      const rows = snapshot.requirements.filter(
        (r) => (!f.area || r.area === f.area) && (!f.state || r.state === f.state) && (!f.source || r.source === f.source),
      );
      const [field, direction] = query.sort;
      const sign = direction === 'DESC' ? -1 : 1;
      rows.sort((a, b) =>
        field === 'score'
          ? sign * ((a.score ?? 101) - (b.score ?? 101)) || order.get(a.id)! - order.get(b.id)!
          : sign * (order.get(a.id)! - order.get(b.id)!),
      );
      const [from, to] = query.range;
      const page = rows.slice(from, to + 1);
      reply.header('Content-Range', page.length ? `framework ${from}-${from + page.length - 1}/${rows.length}` : `framework */${rows.length}`);
      return { data: page, total: rows.length };
    },
  }),

  route({
    method: 'GET',
    url: '/framework/requirements/:id',
    access: read,
    params: frameworkIdParams,
    reply: frameworkDetailReply,
    handler: async ({ db, reader, session, params, lang }) => {
      const def = requirementOf(params.id)!;
      const today = bangkokDay();
      const [snapshot, records, evidence, history] = await Promise.all([
        snapshotOf(db, reader, session.companyId),
        recordsOf(reader, session.companyId, params.id, lang),
        reader.query<EvidenceRow>(
          `${EVIDENCE_SELECT} where e.company_id = $1 and e.requirement_id = $2 order by e.evidenced_on desc, e.created_at desc`,
          [session.companyId, params.id],
        ),
        frameworkHistory(reader, session.companyId),
      ]);
      const score = snapshot.requirements.find((r) => r.id === params.id)!;
      return {
        data: {
          ...score,
          links: def.links.map((name) => ({ name, to: FRAMEWORK_LISTS[name] })),
          records,
          evidence: evidence.map((e) => toEvidence(e, today)),
          trend: history.map((h) => ({ month: h.month, score: h.snapshot?.requirements.find((r) => r.id === params.id)?.score ?? null })),
        },
      };
    },
  }),

  route({
    method: 'POST',
    url: '/framework/evidence',
    access: write,
    body: frameworkEvidenceBody,
    reply: frameworkEvidenceReply,
    handler: async ({ db, session, body }) => {
      const today = bangkokDay();
      if (body.evidencedOn > today) throw fieldError('evidencedOn', 'framework_evidence_future');
      const [{ id }] = await db.query<{ id: string }>(
        `insert into framework_evidence (company_id, requirement_id, note, reference, evidenced_on, created_by)
         values ($1, $2, $3, $4, $5, $6) returning id`,
        [session.companyId, body.requirementId, body.note, body.reference, body.evidencedOn, session.userId],
      );
      // the score the page shows moves with the evidence
      await refreshFramework(db, session.companyId);
      const [row] = await db.query<EvidenceRow>(`${EVIDENCE_SELECT} where e.company_id = $1 and e.id = $2`, [session.companyId, id]);
      return { data: toEvidence(row, today) };
    },
  }),
];
