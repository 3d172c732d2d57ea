import { idParams } from '../../../contract/datamap';
import { MENU } from '../../../contract/menus';
import {
  TRANSFER_BODY_LIMIT,
  transferBody,
  transferChoicesReply,
  transferListQuery,
  transferListReply,
  transferRecord,
  type TransferBody,
} from '../../../contract/transfers';
import type { Queryable } from '../../db/client';
import { notFound } from '../../http/errors';
import type { Lang } from '../../http/messages';
import { route } from '../../http/route';
import { auditExport } from '../audit/record';
import { dropTransferFromDrafts } from '../consent/notice';
import { checkOwnIds, replaceLinks } from '../ropa/links';
import { checkDocument, dropDocuments, sendDocument, storeDocument } from './documents';
import { loadTransfer, toTransfer, transferSearch, transferSelect, TRANSFER_STATE, type TransferRow } from './rows';

const read = { menuId: MENU.dataManage.menuId } as const;
const write = { ...read, write: true } as const;

/** Only the expiry may be empty (it sorts last); the others are read in the order of their indexes. */
const SORT_COLUMNS = {
  country: 't.country',
  importer: 't.importer',
  expiresOn: 't.expires_on',
  updated_dt: 't.updated_at',
  created_dt: 't.created_at',
};

/** Checks the links belong to the company (400 naming the field), and the document by its content. */
async function checked(q: Queryable, companyId: string, body: TransferBody, lang: Lang) {
  if (body.systemId) await checkOwnIds(q, companyId, 'datamap_systems', [body.systemId], 'systemId');
  if (body.processorId) await checkOwnIds(q, companyId, 'processors', [body.processorId], 'processorId');
  const categories = await checkOwnIds(q, companyId, 'data_categories', body.categoryIds, 'categoryIds');
  const document = body.evidence ? await checkDocument(body.evidence, 'evidence', lang) : null;
  return { categories, document };
}

const columnValues = (b: TransferBody) => [
  b.systemId,
  b.processorId,
  b.country,
  b.importer,
  b.basis,
  b.evidenceTitle,
  b.signedOn,
  b.expiresOn,
  b.notes,
];

/** The register of transfers abroad (menu 16), by the REST convention: `/transfers`. */
export const transferRoutes = [
  route({
    method: 'GET',
    url: '/transfers',
    access: read,
    query: transferListQuery,
    reply: transferListReply,
    handler: async ({ db, session, query, reply }) => {
      const params: unknown[] = [session.companyId];
      const where = ['t.company_id = $1'];
      const f = query.filter;
      const add = (value: unknown, sql: (n: number) => string) => {
        params.push(value);
        where.push(sql(params.length));
      };
      const search = f.search?.trim();
      if (search) where.push(await transferSearch(db, session.companyId, search, params));
      if (f.state) add(f.state, (n) => `${TRANSFER_STATE} = $${n}`);
      if (f.warning !== undefined) where.push(`${TRANSFER_STATE} ${f.warning ? '<>' : '='} 'valid'`);
      if (f.basis) add(f.basis, (n) => `t.basis = $${n}`);
      if (f.country) add(f.country, (n) => `t.country = $${n}`);
      if (f.systemId) add(f.systemId, (n) => `t.system_id = $${n}`);
      if (f.processorId) add(f.processorId, (n) => `t.processor_id = $${n}`);
      const [field, direction] = query.sort;
      const dir = direction === 'DESC' ? 'desc' : 'asc';
      const [from, to] = query.range;
      const filterSql = where.join(' and ');
      const [{ n: total }] = await db.query<{ n: number }>(
        `select count(*)::int as n from transfers t left join datamap_systems s on s.id = t.system_id left join processors p on p.id = t.processor_id
          where ${filterSql}`,
        params,
      );
      const rows = await db.query<TransferRow>(
        `${transferSelect()} where ${filterSql}
          order by ${SORT_COLUMNS[field]} ${dir}${field === 'expiresOn' ? ' nulls last' : ''}, t.id ${dir} limit $${params.length + 1} offset $${params.length + 2}`,
        [...params, to - from + 1, from],
      );
      reply.header('Content-Range', rows.length ? `transfers ${from}-${from + rows.length - 1}/${total}` : `transfers */${total}`);
      return { data: rows.map(toTransfer), total };
    },
  }),
  route({
    method: 'GET',
    url: '/transfer-choices',
    access: read,
    reply: transferChoicesReply,
    handler: async ({ db, session }) => {
      const c = [session.companyId];
      return {
        systems: await db.query('select id, name from datamap_systems where company_id = $1 order by name', c),
        processors: await db.query('select id, name from processors where company_id = $1 order by name', c),
        categories: await db.query('select id, name from data_categories where company_id = $1 order by name', c),
      };
    },
  }),
  route({
    method: 'GET',
    url: '/transfers/:id',
    access: read,
    params: idParams,
    reply: transferRecord,
    handler: async ({ db, session, params }) => ({ data: await loadTransfer(db, session.companyId, params.id) }),
  }),
  route({
    method: 'GET',
    url: '/transfers/:id/evidence',
    access: read,
    params: idParams,
    handler: async ({ db, session, req, reply, params }) => {
      const [row] = await db.query<{ evidence_id: string | null }>('select evidence_id from transfers where company_id = $1 and id = $2', [
        session.companyId,
        params.id,
      ]);
      if (!row?.evidence_id) throw notFound();
      await auditExport({ db, session, req }, 'transfers', [params.id], { evidence: row.evidence_id });
      await sendDocument(db, reply, session.companyId, row.evidence_id);
      return undefined;
    },
  }),
  route({
    method: 'POST',
    url: '/transfers',
    access: write,
    body: transferBody,
    bodyLimit: TRANSFER_BODY_LIMIT,
    handler: async ({ db, session, body, lang }) => {
      const { categories, document } = await checked(db, session.companyId, body, lang);
      const file = document ? await storeDocument(db, session.companyId, document) : null;
      const [row] = await db.query<{ id: string }>(
        `insert into transfers (company_id, system_id, processor_id, country, importer, basis, evidence_title, signed_on, expires_on, notes,
                                evidence_id, evidence_name, evidence_mime, evidence_size)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) returning id`,
        [session.companyId, ...columnValues(body), file?.id ?? null, file?.name ?? null, file?.mime ?? null, file?.size ?? null],
      );
      await replaceLinks(db, 'transfer_categories', ['transfer_id', row.id], 'category_id', categories, ['company_id', session.companyId]);
      return { data: await loadTransfer(db, session.companyId, row.id) };
    },
  }),
  route({
    method: 'PUT',
    url: '/transfers/:id',
    access: write,
    params: idParams,
    body: transferBody,
    bodyLimit: TRANSFER_BODY_LIMIT,
    handler: async ({ db, session, params, body, lang }) => {
      const [before] = await db.query<{ evidence_id: string | null }>(
        'select evidence_id from transfers where company_id = $1 and id = $2 for update',
        [session.companyId, params.id],
      );
      if (!before) throw notFound();
      const { categories, document } = await checked(db, session.companyId, body, lang);
      const stored = document ? await storeDocument(db, session.companyId, document) : null;
      const file = stored ? [stored.id, stored.name, stored.mime, stored.size] : body.removeEvidence ? [null, null, null, null] : undefined;
      await db.query(
        `update transfers set system_id = $3, processor_id = $4, country = $5, importer = $6, basis = $7, evidence_title = $8, signed_on = $9,
                expires_on = $10, notes = $11, updated_at = now()
                ${file ? ', evidence_id = $12, evidence_name = $13, evidence_mime = $14, evidence_size = $15' : ''}
          where company_id = $1 and id = $2`,
        [session.companyId, params.id, ...columnValues(body), ...(file ?? [])],
      );
      if (file) await dropDocuments(db, session.companyId, [before.evidence_id]);
      await replaceLinks(db, 'transfer_categories', ['transfer_id', params.id], 'category_id', categories, ['company_id', session.companyId]);
      return { data: await loadTransfer(db, session.companyId, params.id) };
    },
  }),
  route({
    method: 'DELETE',
    url: '/transfers/:id',
    access: write,
    params: idParams,
    handler: async ({ db, session, params }) => {
      const record = await loadTransfer(db, session.companyId, params.id);
      const [gone] = await db.query<{ evidence_id: string | null }>('delete from transfers where company_id = $1 and id = $2 returning evidence_id', [
        session.companyId,
        params.id,
      ]);
      await dropDocuments(db, session.companyId, [gone.evidence_id]);
      // as an item switched off leaves the drafts: a notice's draft no longer names it (published versions keep what they told)
      await dropTransferFromDrafts(db, session.companyId, params.id);
      return { data: record };
    },
  }),
];
