import {
  candidateFlagsBody,
  candidateListQuery,
  candidateListReply,
  candidateReply,
  emptyBody,
  templateBody,
  templateListQuery,
  templateListReply,
  templateReply,
  type TemplateBody,
} from '../../../contract/assessments';
import { idParams } from '../../../contract/datamap';
import type { Queryable } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { route } from '../../http/route';
import { builtinById } from './builtin';
import { listCandidates, listTemplates, loadCandidate, loadTemplate } from './rows';
import { read, write } from './routes';

async function insertTemplate(q: Queryable, companyId: string, userId: string, t: TemplateBody, family?: { id: string; version: number }) {
  const [row] = await q.query<{ id: string }>(
    `insert into assessment_templates (company_id, family_id, version, kind, name, name_en, sections, created_by)
     values ($1, coalesce($2::uuid, gen_random_uuid()), $3, $4, $5, $6, $7, $8) returning id`,
    [companyId, family?.id ?? null, family?.version ?? 1, t.kind, t.nameTh, t.nameEn, JSON.stringify(t.sections), userId],
  );
  return row.id;
}

const paged = <T>(rows: T[], range?: readonly [number, number]) => (range ? rows.slice(range[0], range[1] + 1) : rows);

/** Templates (data an administrator copies and edits; a template in use changes by a new version) and the DPIA candidates. */
export const templateRoutes = [
  route({
    method: 'GET',
    url: '/assessment-templates',
    access: read,
    query: templateListQuery,
    reply: templateListReply,
    handler: async ({ db, session, query, reply }) => {
      const all = await listTemplates(db, session.companyId, query.filter);
      const data = paged(all, query.range);
      const from = query.range?.[0] ?? 0;
      reply.header(
        'Content-Range',
        data.length ? `assessment-templates ${from}-${from + data.length - 1}/${all.length}` : `assessment-templates */${all.length}`,
      );
      return { data: data.map(({ sections: _s, ...row }) => row), total: all.length };
    },
  }),
  route({
    method: 'GET',
    url: '/assessment-templates/:id',
    access: read,
    params: idParams,
    reply: templateReply,
    handler: async ({ db, session, params }) => ({ data: await loadTemplate(db, session.companyId, params.id) }),
  }),
  route({
    method: 'POST',
    url: '/assessment-templates',
    access: write,
    body: templateBody,
    reply: templateReply,
    handler: async ({ db, session, body }) => {
      const id = await insertTemplate(db, session.companyId, session.userId, body);
      return { data: await loadTemplate(db, session.companyId, id) };
    },
  }),
  route({
    method: 'POST',
    url: '/assessment-templates/:id/copy',
    access: write,
    params: idParams,
    body: emptyBody,
    reply: templateReply,
    handler: async ({ db, session, params }) => {
      const t = await loadTemplate(db, session.companyId, params.id);
      const id = await insertTemplate(db, session.companyId, session.userId, {
        kind: t.kind,
        nameTh: `${t.nameTh} (สำเนา)`.slice(0, 300),
        nameEn: `${t.nameEn} (copy)`.slice(0, 300),
        sections: t.sections,
      });
      return { data: await loadTemplate(db, session.companyId, id) };
    },
  }),
  route({
    method: 'PUT',
    url: '/assessment-templates/:id',
    access: write,
    params: idParams,
    body: templateBody,
    reply: templateReply,
    handler: async ({ db, session, params, body }) => {
      if (builtinById(params.id)) throw conflict('assessments_template_builtin');
      const [t] = await db.query<{ family_id: string; kind: string; in_use: boolean; newest: number }>(
        `select t.family_id, t.kind,
                exists (select 1 from assessments x where x.company_id = t.company_id and x.template_id = t.id) as in_use,
                (select max(n.version) from assessment_templates n where n.company_id = t.company_id and n.family_id = t.family_id) as newest
           from assessment_templates t where t.company_id = $1 and t.id = $2 for update`,
        [session.companyId, params.id],
      );
      if (!t) throw notFound();
      if (t.kind !== body.kind) throw conflict('assessments_template_kind_change');
      // a version already used by an assessment stays as it was: the change is the family's next version
      if (t.in_use) {
        const id = await insertTemplate(db, session.companyId, session.userId, body, { id: t.family_id, version: t.newest + 1 });
        return { data: await loadTemplate(db, session.companyId, id) };
      }
      await db.query('update assessment_templates set name = $3, name_en = $4, sections = $5, updated_at = now() where company_id = $1 and id = $2', [
        session.companyId,
        params.id,
        body.nameTh,
        body.nameEn,
        JSON.stringify(body.sections),
      ]);
      return { data: await loadTemplate(db, session.companyId, params.id) };
    },
  }),
  route({
    method: 'DELETE',
    url: '/assessment-templates/:id',
    access: write,
    params: idParams,
    handler: async ({ db, session, params }) => {
      if (builtinById(params.id)) throw conflict('assessments_template_builtin');
      const t = await loadTemplate(db, session.companyId, params.id);
      if (t.inUse) throw conflict('assessments_template_in_use');
      await db.query('delete from assessment_templates where company_id = $1 and id = $2', [session.companyId, params.id]);
      return { data: { id: params.id } };
    },
  }),
  route({
    method: 'GET',
    url: '/assessment-candidates',
    access: read,
    query: candidateListQuery,
    reply: candidateListReply,
    handler: async ({ db, session, query, reply }) => {
      const all = await listCandidates(db, session.companyId, query.filter);
      const data = paged(all, query.range);
      const from = query.range?.[0] ?? 0;
      reply.header(
        'Content-Range',
        data.length ? `assessment-candidates ${from}-${from + data.length - 1}/${all.length}` : `assessment-candidates */${all.length}`,
      );
      return { data, total: all.length };
    },
  }),
  route({
    method: 'PUT',
    url: '/assessment-candidates/:id',
    access: write,
    params: idParams,
    body: candidateFlagsBody,
    reply: candidateReply,
    handler: async ({ db, session, params, body }) => {
      await loadCandidate(db, session.companyId, params.id);
      await db.query(
        `insert into assessment_flags (activity_id, company_id, large_scale, monitoring, new_technology, automated_decisions)
         values ($1, $2, $3, $4, $5, $6)
         on conflict (activity_id) do update set large_scale = excluded.large_scale, monitoring = excluded.monitoring,
           new_technology = excluded.new_technology, automated_decisions = excluded.automated_decisions, updated_at = now()`,
        [params.id, session.companyId, body.largeScale, body.monitoring, body.newTechnology, body.automatedDecisions],
      );
      return { data: await loadCandidate(db, session.companyId, params.id) };
    },
  }),
];
