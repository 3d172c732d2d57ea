import {
  consentItemCreateBody,
  consentItemParams,
  consentItemUpdateBody,
  consentObjectQuery,
  consentStoreQuery,
  type ConsentDraft,
  type ConsentItemType,
  consentItemListReply,
} from '../../../contract/consent';
import { MENU } from '../../../contract/menus';
import type { Queryable } from '../../db/client';
import { ApiError, notFound } from '../../http/errors';
import { route } from '../../http/route';
import { likePattern } from '../../db/search';
import { draftWithout } from './notice';
import { pageOf } from '../../db/paging';
import { iso } from '../../db/rows';

const read = { menuId: MENU.consents.menuId } as const;
const write = { ...read, write: true } as const;

interface ItemRow extends Record<string, unknown> {
  id: string;
  name: string;
  name_en: string;
  sensitive: boolean;
  status: boolean;
  created_at: Date | string;
}
export const toItem = (r: ItemRow) => ({
  _id: r.id,
  name: r.name,
  name_en: r.name_en,
  sensitive: r.sensitive,
  status: r.status,
  created_dt: iso(r.created_at),
});
const COLUMNS = 'id, name, name_en, sensitive, status, created_at';

async function listItems(
  db: Queryable,
  companyId: string,
  type: ConsentItemType,
  query: { search?: string; active?: string; currentPage: number; limit: number },
) {
  const params: unknown[] = [companyId, type];
  let where = 'company_id = $1 and type = $2';
  if (query.search) {
    params.push(likePattern(query.search));
    where += ` and (name ilike $${params.length} or name_en ilike $${params.length})`;
  }
  if (query.active) where += query.active === 'true' ? ' and status' : ' and not status';
  const { rows, total } = await pageOf<ItemRow>(db, {
    select: COLUMNS,
    from: 'consent_items',
    where,
    order: 'created_at desc, id desc',
    params,
    paging: query,
  });
  return { consents: rows.map(toItem), totalDoc: total };
}

/** Drafts and published versions naming the item (by id, anywhere in their JSON). */
async function usedBy(db: Queryable, companyId: string, itemId: string) {
  const [row] = await db.query<{ used: boolean }>(
    `select exists (select 1 from consent_forms where company_id = $1 and strpos(draft::text, $2) > 0)
         or exists (select 1 from consent_form_versions where company_id = $1 and strpos(content::text, $2) > 0) as used`,
    [companyId, itemId],
  );
  return row.used;
}

export const itemRoutes = [
  route({
    method: 'GET',
    url: '/consents/object',
    access: read,
    query: consentObjectQuery,
    handler: async ({ db, session, query }) => listItems(db, session.companyId, query.type, query),
  }),
  route({
    method: 'GET',
    url: '/consents/list',
    access: read,
    reply: consentItemListReply,
    query: consentStoreQuery,
    handler: async ({ db, session, query }) => listItems(db, session.companyId, 'store', query),
  }),
  route({
    method: 'POST',
    url: '/consents/object',
    access: write,
    body: consentItemCreateBody,
    handler: async ({ db, session, body }) => {
      const [row] = await db.query<ItemRow>(
        `insert into consent_items (company_id, type, name, name_en, sensitive, status) values ($1, $2, $3, $4, $5, $6) returning ${COLUMNS}`,
        [session.companyId, body.type, body.name, body.name_en, body.sensitive, body.status],
      );
      return { data: toItem(row) };
    },
  }),
  route({
    method: 'PUT',
    url: '/consents/object/:itemId',
    access: write,
    params: consentItemParams,
    body: consentItemUpdateBody,
    handler: async ({ db, session, params, body }) => {
      const [row] = await db.query<ItemRow>(
        `update consent_items set name = coalesce($3, name), sensitive = coalesce($4, sensitive), status = coalesce($5, status),
                name_en = coalesce($6, name_en), updated_at = now()
          where id = $1 and company_id = $2 returning ${COLUMNS}`,
        [params.itemId, session.companyId, body.name ?? null, body.sensitive ?? null, body.status ?? null, body.name_en ?? null],
      );
      if (!row) throw notFound();
      if (body.status === false) {
        const drafts = await db.query<{ id: string; draft: ConsentDraft }>(
          'select id, draft from consent_forms where company_id = $1 and strpos(draft::text, $2) > 0 for update',
          [session.companyId, params.itemId],
        );
        for (const form of drafts) {
          await db.query('update consent_forms set draft = $3, updated_at = now() where id = $1 and company_id = $2', [
            form.id,
            session.companyId,
            JSON.stringify(draftWithout(form.draft, params.itemId)),
          ]);
        }
      }
      return { data: toItem(row) };
    },
  }),
  route({
    method: 'DELETE',
    url: '/consents/object/:itemId',
    access: write,
    params: consentItemParams,
    handler: async ({ db, session, params }) => {
      const [exists] = await db.query('select id from consent_items where id = $1 and company_id = $2 for update', [
        params.itemId,
        session.companyId,
      ]);
      if (!exists) throw notFound();
      if (await usedBy(db, session.companyId, params.itemId)) throw new ApiError(409, 'consent_item_in_use');
      await db.query('delete from consent_items where id = $1 and company_id = $2', [params.itemId, session.companyId]);
      return {};
    },
  }),
];
