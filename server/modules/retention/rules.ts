import { MENU } from '../../../contract/menus';
import {
  retentionChoicesReply,
  retentionIdParams,
  retentionRuleBody,
  retentionRuleListQuery,
  retentionRuleListReply,
  retentionRuleReply,
  ropaRetentionQuery,
  ropaRetentionReply,
  type RetentionRuleBody,
} from '../../../contract/retention';
import type { Queryable } from '../../db/client';
import { pageOf } from '../../db/paging';
import { likePattern } from '../../db/search';
import { conflict, fieldError, notFound } from '../../http/errors';
import { route } from '../../http/route';
import { dueFrom, RULE_FROM, RULE_SELECT, toRule, type RuleRow } from './rows';

const read = { menuId: MENU.dataManage.menuId } as const;
const write = { ...read, write: true } as const;

const SORTS = { category: 'lower(c.name)', period: 'r.unit, r.period', updated_dt: 'r.updated_at', id: 'lower(c.name)' } as const;

export async function loadRule(q: Queryable, companyId: string, id: string) {
  const [row] = await q.query<RuleRow>(`select ${RULE_SELECT} from ${RULE_FROM} where r.company_id = $1 and r.id = $2`, [companyId, id]);
  if (!row) throw notFound();
  return toRule(row);
}

/** The category and system are the company's, and the system holds the category in the data map. */
async function checkScope(q: Queryable, companyId: string, body: RetentionRuleBody) {
  const [category] = await q.query('select 1 from data_categories where company_id = $1 and id = $2', [companyId, body.categoryId]);
  if (!category) throw fieldError('categoryId', 'retention_category_unknown');
  if (!body.systemId) return;
  const [system] = await q.query<{ holds: boolean }>(
    `select exists (select 1 from datamap_system_categories sc where sc.system_id = s.id and sc.category_id = $3) as holds
       from datamap_systems s where s.company_id = $1 and s.id = $2`,
    [companyId, body.systemId, body.categoryId],
  );
  if (!system) throw fieldError('systemId', 'retention_system_unknown');
  if (!system.holds) throw fieldError('systemId', 'retention_system_lacks_category');
}

/** A second rule for the same category and system is a 409 (before the unique index would say it less clearly). */
async function checkUnique(q: Queryable, companyId: string, body: RetentionRuleBody, exceptId: string | null) {
  const [taken] = await q.query(
    `select 1 from retention_rules where company_id = $1 and category_id = $2 and system_id is not distinct from $3 and id is distinct from $4`,
    [companyId, body.categoryId, body.systemId, exceptId],
  );
  if (taken) throw conflict('retention_rule_duplicate');
}

const values = (b: RetentionRuleBody) => [b.categoryId, b.systemId, b.period, b.unit, b.startEvent, b.law, b.legalReason, b.endAction];

/** The retention rules (menu 16), by the REST convention: `/retention-rules`. */
export const ruleRoutes = [
  route({
    method: 'GET',
    url: '/retention-rules',
    access: read,
    query: retentionRuleListQuery,
    reply: retentionRuleListReply,
    handler: async ({ db, session, query, reply }) => {
      const params: unknown[] = [session.companyId];
      let where = 'r.company_id = $1';
      const f = query.filter;
      if (f.search?.trim()) {
        params.push(likePattern(f.search.trim()));
        const n = params.length;
        where += ` and (c.name ilike $${n} or s.name ilike $${n} or r.legal_reason ilike $${n})`;
      }
      if (f.categoryId) {
        params.push(f.categoryId);
        where += ` and r.category_id = $${params.length}`;
      }
      if (f.systemId) {
        params.push(f.systemId);
        where += ` and r.system_id = $${params.length}`;
      }
      if (f.endAction) {
        params.push(f.endAction);
        where += ` and r.end_action = $${params.length}`;
      }
      const [field, direction] = query.sort;
      const dir = direction === 'DESC' ? 'desc' : 'asc';
      const [from, to] = query.range;
      const { rows, total } = await pageOf<RuleRow>(db, {
        select: RULE_SELECT,
        from: RULE_FROM,
        where,
        order: `${SORTS[field]
          .split(', ')
          .map((c) => `${c} ${dir}`)
          .join(', ')}, r.id`,
        params,
        paging: { limit: to - from + 1, offset: from },
      });
      reply.header('Content-Range', rows.length ? `retention-rules ${from}-${from + rows.length - 1}/${total}` : `retention-rules */${total}`);
      return { data: rows.map(toRule), total };
    },
  }),

  route({
    method: 'GET',
    url: '/retention-rules/:id',
    access: read,
    params: retentionIdParams,
    reply: retentionRuleReply,
    handler: async ({ db, session, params }) => ({ data: await loadRule(db, session.companyId, params.id) }),
  }),

  route({
    method: 'POST',
    url: '/retention-rules',
    access: write,
    body: retentionRuleBody,
    reply: retentionRuleReply,
    handler: async ({ db, session, body }) => {
      await checkScope(db, session.companyId, body);
      await checkUnique(db, session.companyId, body, null);
      const [{ id }] = await db.query<{ id: string }>(
        `insert into retention_rules (company_id, category_id, system_id, period, unit, start_event, law, legal_reason, end_action)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
        [session.companyId, ...values(body)],
      );
      return { data: await loadRule(db, session.companyId, id) };
    },
  }),

  route({
    method: 'PUT',
    url: '/retention-rules/:id',
    access: write,
    params: retentionIdParams,
    body: retentionRuleBody,
    reply: retentionRuleReply,
    handler: async ({ db, session, params, body }) => {
      const [current] = await db.query('select 1 from retention_rules where company_id = $1 and id = $2 for update', [session.companyId, params.id]);
      if (!current) throw notFound();
      await checkScope(db, session.companyId, body);
      await checkUnique(db, session.companyId, body, params.id);
      await db.query(
        `update retention_rules set category_id = $3, system_id = $4, period = $5, unit = $6, start_event = $7, law = $8, legal_reason = $9,
                end_action = $10, updated_at = now()
          where company_id = $1 and id = $2`,
        [session.companyId, params.id, ...values(body)],
      );
      // the open items follow the rule: their due day and what happens at the end
      await db.query(
        `update retention_items i set due_on = ${dueFrom('i.started_on')}, end_action = r.end_action, updated_at = now()
           from retention_rules r where r.company_id = i.company_id and r.id = i.rule_id and i.company_id = $1 and i.rule_id = $2 and i.status = 'open'`,
        [session.companyId, params.id],
      );
      return { data: await loadRule(db, session.companyId, params.id) };
    },
  }),

  route({
    method: 'DELETE',
    url: '/retention-rules/:id',
    access: write,
    params: retentionIdParams,
    reply: retentionRuleReply,
    handler: async ({ db, session, params }) => {
      const rule = await loadRule(db, session.companyId, params.id);
      // open items go with their rule; done ones stay as the proof of deletion
      await db.query(`delete from retention_items where company_id = $1 and rule_id = $2 and status = 'open'`, [session.companyId, params.id]);
      await db.query('delete from retention_rules where company_id = $1 and id = $2', [session.companyId, params.id]);
      return { data: rule };
    },
  }),

  route({
    method: 'GET',
    url: '/retention-choices',
    access: read,
    reply: retentionChoicesReply,
    handler: async ({ db, session }) => {
      const [categories, systems, people] = await Promise.all([
        db.query<{ id: string; name: string }>('select id, name from data_categories where company_id = $1 order by lower(name), id', [
          session.companyId,
        ]),
        db.query<{ id: string; name: string; category_ids: string[] }>(
          `select s.id, s.name, coalesce(array_agg(sc.category_id::text) filter (where sc.category_id is not null), '{}') as category_ids
             from datamap_systems s left join datamap_system_categories sc on sc.system_id = s.id
            where s.company_id = $1 group by s.id order by lower(s.name), s.id`,
          [session.companyId],
        ),
        db.query<{ id: string; name: string }>(
          `select id, coalesce(nullif(trim(concat_ws(' ', firstname, lastname)), ''), username) as name
             from users where company_id = $1 and not disabled order by 2, id`,
          [session.companyId],
        ),
      ]);
      return { categories, systems: systems.map((s) => ({ id: s.id, name: s.name, categoryIds: s.category_ids })), people };
    },
  }),

  route({
    method: 'GET',
    url: '/ropa-retention',
    access: { menuId: MENU.ropa.menuId },
    query: ropaRetentionQuery,
    reply: ropaRetentionReply,
    handler: async ({ db, session, query }) => {
      if (!query.categoryIds.length) return { data: [], uncovered: [] };
      const rows = await db.query<RuleRow>(
        `select ${RULE_SELECT} from ${RULE_FROM} where r.company_id = $1 and r.category_id = any($2::uuid[])
          order by lower(c.name), s.name nulls first, r.id`,
        [session.companyId, query.categoryIds],
      );
      const uncovered = await db.query<{ name: string }>(
        `select c.name from data_categories c where c.company_id = $1 and c.id = any($2::uuid[])
            and not exists (select 1 from retention_rules r where r.company_id = c.company_id and r.category_id = c.id)
          order by lower(c.name)`,
        [session.companyId, query.categoryIds],
      );
      return {
        data: rows.map((r) => ({
          category: r.category_name,
          system: r.system_name,
          period: r.period,
          unit: r.unit,
          startEvent: r.start_event,
          endAction: r.end_action,
          law: r.law,
        })),
        uncovered: uncovered.map((c) => c.name),
      };
    },
  }),
];
