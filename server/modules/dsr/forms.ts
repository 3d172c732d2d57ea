import {
  dsrFormCreateBody,
  dsrFormDeleteQuery,
  dsrFormListQuery,
  dsrFormUpdateBody,
  dsrPublicFormParams,
  publicFormLink,
  type DsrFormInput,
  dsrFormListReply,
  dsrFormReply,
  dsrPublicFormReply,
} from '../../../contract/dsr';
import { MENU } from '../../../contract/menus';
import type { Queryable } from '../../db/client';
import { pageOffset } from '../../db/paging';
import { likePattern } from '../../db/search';
import { ApiError, notFound } from '../../http/errors';
import { route } from '../../http/route';
import type { ServerConfig } from '../../config';
import { publicThrottle } from './throttle';

const access = { menuId: MENU.consents.menuId } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface FormRow {
  id: string;
  name: string;
  published: boolean;
  rights: string[];
  identity_fields: string[];
  evidence_required: boolean;
  evidence_note: { th?: string; en?: string };
  texts: DsrFormInput['texts'];
  request_count?: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = `f.id, f.name, f.published, f.rights, f.identity_fields, f.evidence_required, f.evidence_note, f.texts,
  f.created_at, f.updated_at,
  (select count(*)::int from dsr_requests r where r.company_id = f.company_id and r.form_id = f.id) as request_count`;

export const toForm = (r: FormRow) => ({
  _id: r.id,
  name: r.name,
  status: r.published,
  rights: r.rights as DsrFormInput['rights'],
  identityFields: r.identity_fields as DsrFormInput['identityFields'],
  evidenceRequired: r.evidence_required,
  evidenceNote: { th: r.evidence_note.th ?? '', en: r.evidence_note.en ?? '' },
  texts: r.texts,
  publicLink: publicFormLink(r.id),
  requestCount: r.request_count ?? 0,
  created_dt: new Date(r.created_at).toISOString(),
  updated_dt: new Date(r.updated_at).toISOString(),
});

async function oneForm(q: Queryable, companyId: string, formId: string) {
  const [row] = await q.query<FormRow>(`select ${COLUMNS} from dsr_forms f where f.company_id = $1 and f.id = $2`, [companyId, formId]);
  if (!row) throw notFound();
  return toForm(row);
}

const values = (b: DsrFormInput) => [
  b.name,
  b.status,
  b.rights,
  b.identityFields,
  b.evidenceRequired,
  JSON.stringify(b.evidenceNote),
  JSON.stringify(b.texts),
];

/**
 * A published form as a public page may see it, or a 404: any id that is not a published form's
 * (unknown, unpublished, not even a uuid) answers the same.
 */
export async function publishedForm(q: Queryable, formId: string) {
  if (!UUID.test(formId)) throw new ApiError(404, 'dsr_form_not_found');
  const [row] = await q.query<FormRow & { company_id: string; company_code: string; company_detail: Record<string, unknown> }>(
    `select f.*, c.code as company_code, c.detail as company_detail
       from dsr_forms f join companies c on c.id = f.company_id where f.id = $1 and f.published`,
    [formId],
  );
  if (!row) throw new ApiError(404, 'dsr_form_not_found');
  const detail = row.company_detail as { nameTh?: string; nameEn?: string };
  return {
    companyId: row.company_id,
    companyCode: row.company_code,
    form: {
      _id: row.id,
      controller: { nameTh: detail.nameTh ?? row.company_code, nameEn: detail.nameEn ?? detail.nameTh ?? row.company_code },
      rights: row.rights as DsrFormInput['rights'],
      identityFields: row.identity_fields as DsrFormInput['identityFields'],
      evidenceRequired: row.evidence_required,
      evidenceNote: { th: row.evidence_note.th ?? '', en: row.evidence_note.en ?? '' },
      texts: row.texts,
    },
  };
}

export const dsrFormRoutes = (config: ServerConfig) => [
  route({
    method: 'GET',
    url: '/consents/datasubject/fetch/list',
    access,
    reply: dsrFormListReply,
    query: dsrFormListQuery,
    handler: async ({ db, session, query }) => {
      const params: unknown[] = [session.companyId];
      let where = 'f.company_id = $1';
      if (query.search) {
        params.push(likePattern(query.search));
        where += ` and f.name ilike $${params.length}`;
      }
      const [rows, [{ total }]] = await Promise.all([
        db.query<FormRow>(
          `select ${COLUMNS} from dsr_forms f where ${where} order by f.created_at desc, f.id desc
            limit $${params.length + 1} offset $${params.length + 2}`,
          [...params, query.limit, pageOffset(query)],
        ),
        db.query<{ total: number }>(`select count(*)::int as total from dsr_forms f where ${where}`, params),
      ]);
      return { formList: rows.map(toForm), totalItem: total };
    },
  }),

  route({
    method: 'GET',
    url: '/consents/datasubject/fetch/:formId',
    access,
    reply: dsrFormReply,
    params: dsrPublicFormParams,
    handler: async ({ db, session, params }) => {
      if (!UUID.test(params.formId)) throw notFound();
      return { data: await oneForm(db, session.companyId, params.formId) };
    },
  }),

  route({
    method: 'POST',
    url: '/consents/datasubject/form',
    access: { ...access, write: true },
    reply: dsrFormReply,
    body: dsrFormCreateBody,
    handler: async ({ db, session, body }) => {
      const [{ id }] = await db.query<{ id: string }>(
        `insert into dsr_forms (company_id, name, published, rights, identity_fields, evidence_required, evidence_note, texts)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
        [session.companyId, ...values(body)],
      );
      return { data: await oneForm(db, session.companyId, id) };
    },
  }),

  route({
    method: 'PUT',
    url: '/consents/datasubject/form',
    access: { ...access, write: true },
    reply: dsrFormReply,
    body: dsrFormUpdateBody,
    handler: async ({ db, session, body }) => {
      const [row] = await db.query<{ id: string }>(
        `update dsr_forms set name = $3, published = $4, rights = $5, identity_fields = $6, evidence_required = $7,
                evidence_note = $8, texts = $9, updated_at = now()
          where company_id = $1 and id = $2 returning id`,
        [session.companyId, body.dataId, ...values(body)],
      );
      if (!row) throw notFound();
      return { data: await oneForm(db, session.companyId, row.id) };
    },
  }),

  route({
    method: 'DELETE',
    url: '/consents/datasubject/form',
    access: { ...access, write: true },
    query: dsrFormDeleteQuery,
    handler: async ({ db, session, query }) => {
      const [{ count }] = await db.query<{ count: number }>(
        'select count(*)::int as count from dsr_requests where company_id = $1 and form_id = $2',
        [session.companyId, query.dataId],
      );
      if (count > 0) throw new ApiError(409, 'dsr_form_in_use', { count });
      const rows = await db.query('delete from dsr_forms where company_id = $1 and id = $2 returning id', [session.companyId, query.dataId]);
      if (!rows.length) throw notFound();
      return {};
    },
  }),

  // the public page's form: nothing of the company but the form and the controller's name
  route({
    method: 'GET',
    url: '/consents/datasubject/public/:formId',
    access: 'public',
    reply: dsrPublicFormReply,
    params: dsrPublicFormParams,
    handler: async ({ db, req, params }) => {
      await publicThrottle(db, `form:${req.ip}`, config.dsrSubmitLimit * 15, 15);
      const { form } = await publishedForm(db, params.formId);
      return { form };
    },
  }),
];
