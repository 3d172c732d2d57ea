import { BANGKOK_TODAY } from '../../db/rows';
import { DSR_PROOF_BODY_LIMIT } from '../../../contract/dsr';
import { MENU } from '../../../contract/menus';
import {
  retentionCompleteBody,
  retentionDueQuery,
  retentionDueReply,
  retentionIdParams,
  retentionItemBody,
  retentionItemReply,
} from '../../../contract/retention';
import type { ServerConfig } from '../../config';
import type { Queryable } from '../../db/client';
import { pageOf } from '../../db/paging';
import { likePattern } from '../../db/search';
import { ApiError, conflict, fieldError, notFound } from '../../http/errors';
import { route } from '../../http/route';
import { auditExport } from '../audit/record';
import { checkFile, removeStoredFile, storeFile } from '../dsr/files';
import { deletionRecord } from './record';
import { dueFrom, ITEM_FROM, ITEM_SELECT, toItem, type ItemRow } from './rows';

const read = { menuId: MENU.dataManage.menuId } as const;
const write = { ...read, write: true } as const;

const SORTS = { dueOn: 'i.due_on', category: 'lower(i.category_name)', system: 'lower(i.system_name)' } as const;

export async function loadItem(q: Queryable, companyId: string, id: string) {
  const [row] = await q.query<ItemRow>(`select ${ITEM_SELECT} from ${ITEM_FROM} where i.company_id = $1 and i.id = $2`, [companyId, id]);
  if (!row) throw notFound();
  return row;
}

/** Open items due before today, of the whole company: the queue's and the dashboard's figure. */
export async function overdueDeletions(q: Queryable, companyId: string) {
  const [r] = await q.query<{ n: number }>(
    `select count(*)::int as n from retention_items where company_id = $1 and status = 'open' and due_on < ${BANGKOK_TODAY}`,
    [companyId],
  );
  return r.n;
}

/** This month in Bangkok, `YYYY-MM`. */
const thisMonth = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok', year: 'numeric', month: '2-digit' }).format(new Date());

/** The due-for-deletion queue (menu 16): `/retention-due`, an item's evidence and its deletion record. */
export const dueRoutes = (config: ServerConfig) => [
  route({
    method: 'GET',
    url: '/retention-due',
    access: read,
    query: retentionDueQuery,
    reply: retentionDueReply,
    handler: async ({ db, session, query, reply }) => {
      const f = query.filter;
      const month = `${f.month ?? thisMonth()}-01`;
      const params: unknown[] = [session.companyId, month];
      let where = 'i.company_id = $1';
      const state = f.state ?? 'open';
      if (state === 'open') where += ` and i.status = 'open' and i.due_on < ($2::date + interval '1 month')::date`;
      else if (state === 'overdue')
        where += ` and i.status = 'open' and i.due_on < ${BANGKOK_TODAY} and i.due_on < ($2::date + interval '1 month')::date`;
      else
        where += ` and i.status = 'done' and i.completed_at >= ($2::date::timestamp at time zone 'Asia/Bangkok')
                   and i.completed_at < (($2::date + interval '1 month')::timestamp at time zone 'Asia/Bangkok')`;
      if (f.systemId) {
        params.push(f.systemId);
        where += ` and i.system_id = $${params.length}`;
      }
      if (f.q?.trim()) {
        params.push(likePattern(f.q.trim()));
        const n = params.length;
        where += ` and (i.label ilike $${n} or i.category_name ilike $${n} or i.system_name ilike $${n})`;
      }
      const [field, direction] = query.sort;
      const [from, to] = query.range;
      const [{ rows, total }, overdue] = await Promise.all([
        pageOf<ItemRow>(db, {
          select: ITEM_SELECT,
          from: ITEM_FROM,
          where,
          order: `${SORTS[field]} ${direction === 'DESC' ? 'desc' : 'asc'}, i.id`,
          params,
          paging: { limit: to - from + 1, offset: from },
        }),
        overdueDeletions(db, session.companyId),
      ]);
      reply.header('Content-Range', rows.length ? `retention-due ${from}-${from + rows.length - 1}/${total}` : `retention-due */${total}`);
      return { data: rows.map(toItem), total, overdue };
    },
  }),

  route({
    method: 'GET',
    url: '/retention-due/:id',
    access: read,
    params: retentionIdParams,
    reply: retentionItemReply,
    handler: async ({ db, session, params }) => ({ data: toItem(await loadItem(db, session.companyId, params.id)) }),
  }),

  route({
    method: 'POST',
    url: '/retention-due',
    access: write,
    body: retentionItemBody,
    reply: retentionItemReply,
    handler: async ({ db, session, body }) => {
      const [rule] = await db.query<{ id: string; system_id: string | null; category_id: string }>(
        'select id, system_id, category_id from retention_rules where company_id = $1 and id = $2',
        [session.companyId, body.ruleId],
      );
      if (!rule) throw fieldError('ruleId', 'retention_rule_unknown');
      const [system] = await db.query<{ holds: boolean }>(
        `select exists (select 1 from datamap_system_categories sc where sc.system_id = s.id and sc.category_id = $3) as holds
           from datamap_systems s where s.company_id = $1 and s.id = $2`,
        [session.companyId, body.systemId, rule.category_id],
      );
      if (!system) throw fieldError('systemId', 'retention_system_unknown');
      if ((rule.system_id && rule.system_id !== body.systemId) || !system.holds) throw fieldError('systemId', 'retention_system_lacks_category');
      if (body.ownerId) {
        const [owner] = await db.query('select 1 from users where company_id = $1 and id = $2', [session.companyId, body.ownerId]);
        if (!owner) throw fieldError('ownerId', 'retention_owner_unknown');
      }
      const [{ id }] = await db.query<{ id: string }>(
        `insert into retention_items (company_id, rule_id, system_id, label, category_name, system_name, end_action, started_on, due_on, owner_id)
         select r.company_id, r.id, s.id, $4, c.name, s.name, r.end_action, $5::date, ${dueFrom('$5::date')}, $6
           from retention_rules r join data_categories c on c.id = r.category_id
           join datamap_systems s on s.company_id = r.company_id and s.id = $3
          where r.company_id = $1 and r.id = $2
         returning id`,
        [session.companyId, body.ruleId, body.systemId, body.label, body.startedOn, body.ownerId],
      );
      return { data: toItem(await loadItem(db, session.companyId, id)) };
    },
  }),

  route({
    method: 'DELETE',
    url: '/retention-due/:id',
    access: write,
    params: retentionIdParams,
    reply: retentionItemReply,
    handler: async ({ db, session, params }) => {
      const item = await loadItem(db, session.companyId, params.id);
      if (item.status === 'done') throw conflict('retention_item_done');
      await db.query('delete from retention_items where company_id = $1 and id = $2', [session.companyId, params.id]);
      return { data: toItem(item) };
    },
  }),

  route({
    method: 'POST',
    url: '/retention-due/:id/complete',
    access: write,
    params: retentionIdParams,
    body: retentionCompleteBody,
    reply: retentionItemReply,
    bodyLimit: DSR_PROOF_BODY_LIMIT,
    handler: async ({ db, session, params, body }) => {
      const file = body.file ? await checkFile(body.file) : null;
      const [current] = await db.query<{ status: string }>('select status from retention_items where company_id = $1 and id = $2 for update', [
        session.companyId,
        params.id,
      ]);
      if (!current) throw notFound();
      if (current.status === 'done') throw conflict('retention_item_done');
      const stored = file ? await storeFile(config, session.companyId, file) : null;
      try {
        await db.query(
          `update retention_items set status = 'done', completed_at = now(), completed_by = $3, note = $4, deleted_count = $5, backups_expire_on = $6,
                  file_name = $7, file_mime = $8, file_size = $9, file_stored = $10, updated_at = now()
            where company_id = $1 and id = $2`,
          [
            session.companyId,
            params.id,
            session.userId,
            body.note,
            body.deletedCount,
            body.backupsExpireOn,
            file?.name ?? null,
            file?.mime ?? null,
            file?.bytes.length ?? null,
            stored,
          ],
        );
      } catch (err) {
        if (stored) await removeStoredFile(config, session.companyId, stored);
        throw err;
      }
      return { data: toItem(await loadItem(db, session.companyId, params.id)) };
    },
  }),

  route({
    method: 'GET',
    url: '/retention-due/:id/record',
    access: read,
    params: retentionIdParams,
    handler: async ({ db, session, req, reply, params, lang }) => {
      const item = await loadItem(db, session.companyId, params.id);
      if (item.status !== 'done') throw new ApiError(409, 'retention_item_open');
      const pdf = await deletionRecord(db, session.companyId, item, lang);
      await auditExport({ db, session, req }, 'retention_items', [params.id], { format: 'pdf', kind: 'deletion_record' });
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="deletion-record-${item.due_on}.pdf"`)
        .send(pdf);
      return undefined;
    },
  }),
];
