import {
  consentDraft,
  formDetailQuery,
  formIdBody,
  formListQuery,
  formSaveBody,
  versionQuery,
  formListReply,
  formDetailReply,
  noticeReply,
} from '../../../contract/consent';
import { MENU } from '../../../contract/menus';
import { ApiError, notFound } from '../../http/errors';
import { serverMessage, type Lang } from '../../http/messages';
import { route } from '../../http/route';
import { likePattern } from '../../db/search';
import { MissingItems, checkDraft, latestVersion, newFormRef, publishForm, refuseNewFreeTransfer, toNotice } from './notice';
import { NOTICE_TRANSFER_CANDIDATES, NOTICE_TRANSFER_CHOICES, noticeTransfersQuery, noticeTransfersReply } from '../../../contract/transfers';
import { toTransfer, transferSearch, transferSelect, type TransferRow } from '../transfers/rows';
import { pageOf } from '../../db/paging';
import { iso } from '../../db/rows';
import consentTexts from '../../../i18n/consent';

const read = { menuId: MENU.consents.menuId } as const;
const write = { ...read, write: true } as const;

interface FormRow extends Record<string, unknown> {
  id: string;
  form_ref: string;
  project_name: string | null;
  dpo_name: string | null;
  version: number | null;
  published_at: Date | string | null;
  changed: boolean;
  updated_at: Date | string;
}

/** A 400 listing, in the reader's language, the s.23 items publishing still needs. */
function incomplete(err: MissingItems, lang: Lang) {
  const names = consentTexts[lang].consent.s23;
  const msg = serverMessage(lang, 'consent_incomplete', { missing: err.missing.map((m) => names[m]).join(', ') });
  return new ApiError(400, 'consent_incomplete', {}, { status: 400, msg, missing: err.missing });
}

export const formRoutes = [
  route({
    method: 'GET',
    url: '/consents/form/list',
    access: read,
    reply: formListReply,
    query: formListQuery,
    handler: async ({ db, session, query }) => {
      const params: unknown[] = [session.companyId];
      let where = 'f.company_id = $1';
      if (query.search) {
        params.push(likePattern(query.search));
        where += ` and (f.draft->'header'->>'projectName') ilike $${params.length}`;
      }
      const { rows, total } = await pageOf<FormRow>(db, {
        select: `f.id, f.form_ref, f.draft->'header'->>'projectName' as project_name, f.draft->'dpo'->>'name' as dpo_name,
                 v.version, v.published_at, (v.id is not null and (v.content->'draft') is distinct from f.draft) as changed, f.updated_at`,
        from: `consent_forms f left join lateral (
                 select id, version, published_at, content from consent_form_versions
                  where form_id = f.id and company_id = f.company_id order by version desc limit 1) v on true`,
        where,
        order: 'f.updated_at desc, f.id desc',
        params,
        paging: query,
      });
      return {
        formlist: rows.map((r) => ({
          _id: r.id,
          formRef: r.form_ref,
          projectName: r.project_name ?? '',
          dpo: r.dpo_name ?? '',
          version: r.version,
          published_dt: r.published_at ? iso(r.published_at) : null,
          changed: r.changed,
          updated_dt: iso(r.updated_at),
        })),
        totalItem: { count: total },
      };
    },
  }),
  route({
    method: 'GET',
    url: '/consents/form/detail',
    access: read,
    reply: formDetailReply,
    query: formDetailQuery,
    handler: async ({ db, session, query }) => {
      const [form] = await db.query<{ id: string; form_ref: string; company_id: string; draft: unknown }>(
        'select id, form_ref, company_id, draft from consent_forms where id = $1 and company_id = $2',
        [query.formId, session.companyId],
      );
      if (!form) throw notFound();
      const versions = await db.query<{ version: number; text_hash: string; published_at: Date }>(
        'select version, text_hash, published_at from consent_form_versions where form_id = $1 and company_id = $2 order by version desc',
        [form.id, session.companyId],
      );
      return {
        data: {
          _id: form.id,
          formRef: form.form_ref,
          companyId: form.company_id,
          draft: consentDraft.parse(form.draft),
          versions: versions.map((v) => ({ version: v.version, textHash: v.text_hash, published_dt: iso(v.published_at) })),
        },
      };
    },
  }),
  route({
    method: 'GET',
    url: '/consents/form/transfers',
    access: read,
    reply: noticeTransfersReply,
    query: noticeTransfersQuery,
    handler: async ({ db, session, query }) => {
      // the transfers the draft names, then the register's others found by the search (all, with no search), by country
      const chosen = query.ids?.length
        ? await db.query<TransferRow>(`${transferSelect()} where t.company_id = $1 and t.id = any($2::uuid[])`, [session.companyId, query.ids])
        : [];
      const params: unknown[] = [session.companyId, query.ids ?? []];
      const search = query.search?.trim();
      let more: TransferRow[];
      if (!search) {
        // the first 20 along the (company, country, id) index
        more = await db.query<TransferRow>(
          `${transferSelect()} where t.company_id = $1 and not (t.id = any($2::uuid[])) order by t.country, t.id limit ${NOTICE_TRANSFER_CHOICES}`,
          params,
        );
      } else {
        // the search's matches from the grams index, at most NOTICE_TRANSFER_CANDIDATES of them, sorted: a rare
        // term sorts its few, a word of every row stops at the cap (never a walk of every row, nor a sort of them all)
        const found = await transferSearch(db, session.companyId, search, params);
        more = await db.query<TransferRow>(
          `with found as materialized (
             select t.id from transfers t where t.company_id = $1 and not (t.id = any($2::uuid[])) and ${found} limit ${NOTICE_TRANSFER_CANDIDATES})
           ${transferSelect()} where t.company_id = $1 and t.id in (select id from found)
            order by t.country, t.importer, t.id limit ${NOTICE_TRANSFER_CHOICES}`,
          params,
        );
      }
      const named = new Map((query.ids ?? []).map((id, i) => [id, i]));
      chosen.sort((a, b) => named.get(a.id)! - named.get(b.id)!);
      return { data: [...chosen, ...more].map(toTransfer) };
    },
  }),
  route({
    method: 'POST',
    url: '/consents/form/save',
    access: write,
    body: formSaveBody,
    handler: async ({ db, session, body }) => {
      const [stored] = body.formId
        ? await db.query<{ draft: unknown }>('select draft from consent_forms where id = $1 and company_id = $2', [body.formId, session.companyId])
        : [];
      if (body.formId && !stored) throw notFound();
      refuseNewFreeTransfer(stored ? consentDraft.parse(stored.draft) : undefined, body.draft);
      const draft = await checkDraft(db, session.companyId, body.draft);
      if (!body.formId) {
        const [row] = await db.query<{ id: string }>('insert into consent_forms (company_id, form_ref, draft) values ($1, $2, $3) returning id', [
          session.companyId,
          newFormRef(),
          JSON.stringify(draft),
        ]);
        return { data: { _id: row.id, draft } };
      }
      const rows = await db.query('update consent_forms set draft = $3, updated_at = now() where id = $1 and company_id = $2 returning id', [
        body.formId,
        session.companyId,
        JSON.stringify(draft),
      ]);
      if (!rows.length) throw notFound();
      return { data: { _id: body.formId, draft } };
    },
  }),
  route({
    method: 'POST',
    url: '/consents/form/publish',
    access: write,
    body: formIdBody,
    handler: async ({ db, session, body, lang }) => {
      try {
        const published = await publishForm(db, session.companyId, body.formId, session.userId);
        if (!published) throw notFound();
        return { data: published };
      } catch (err) {
        if (err instanceof MissingItems) throw incomplete(err, lang);
        throw err;
      }
    },
  }),
  route({
    method: 'GET',
    url: '/consents/form/version',
    access: read,
    reply: noticeReply,
    query: versionQuery,
    handler: async ({ db, session, query }) => {
      const version = await latestVersion(db, 'f.id = $1 and f.company_id = $2 and v.version = $3', [query.formId, session.companyId, query.version]);
      if (!version) throw notFound();
      return { notice: toNotice(version) };
    },
  }),
  route({
    method: 'POST',
    url: '/consents/form/delete',
    access: write,
    body: formIdBody,
    handler: async ({ db, session, body }) => {
      const [form] = await db.query<{ published: boolean }>(
        `select exists (select 1 from consent_form_versions v where v.form_id = f.id) as published
           from consent_forms f where f.id = $1 and f.company_id = $2 for update`,
        [body.formId, session.companyId],
      );
      if (!form) throw notFound();
      // a published notice is proof of what people were shown: it stays
      if (form.published) throw new ApiError(409, 'consent_form_published');
      await db.query('delete from consent_forms where id = $1 and company_id = $2', [body.formId, session.companyId]);
      return {};
    },
  }),
];
