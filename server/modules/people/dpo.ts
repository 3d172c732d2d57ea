import { ALWAYS_GRANTED } from '../../../contract/menus';
import { displayName, dpoListQuery, dpoListReply } from '../../../contract/people';
import { route } from '../../http/route';
import { pageOffset } from '../../db/paging';
import { likePattern } from '../../db/search';

/**
 * The roles whose holders are the company's DPOs: the built-in `dpo` role, and every company role
 * with exactly its rights (the same menus, the same edit rights: a copy of it, unchanged). The
 * menus every user has anyway (main, 999) are left out of the comparison: a role cannot grant them.
 */
export const DPO_ROLES = `
  with dpo_rights as (
    select rm.menu_id, rm.can_edit from role_menus rm join roles r on r.id = rm.role_id
     where r.company_id = $1 and r.builtin = 'dpo' and rm.menu_id <> all ($2::int[])
  )
  select r.id from roles r
   where r.company_id = $1
     and (r.builtin = 'dpo'
          or (r.builtin is null and exists (select 1 from dpo_rights)
              and not exists (
                (select rm.menu_id, rm.can_edit from role_menus rm where rm.role_id = r.id and rm.menu_id <> all ($2::int[])
                 except select menu_id, can_edit from dpo_rights)
                union all
                (select menu_id, can_edit from dpo_rights
                 except select rm.menu_id, rm.can_edit from role_menus rm where rm.role_id = r.id and rm.menu_id <> all ($2::int[])))))`;

export const dpoRoutes = [
  route({
    method: 'GET',
    url: '/user/dpoList',
    // the consent form's draft picks its DPO from this list: any signed-in person of the company may read it
    access: 'session',
    reply: dpoListReply,
    query: dpoListQuery,
    handler: async ({ db, session, query }) => {
      const params: unknown[] = [session.companyId, ALWAYS_GRANTED];
      let where = `u.company_id = $1 and not u.disabled and u.role_id in (${DPO_ROLES})`;
      if (query.search) {
        params.push(likePattern(query.search));
        where += ` and (u.firstname || ' ' || u.lastname) ilike $${params.length}`;
      }
      const n = params.length;
      const rows = await db.query<{ id: string; firstname: string; lastname: string; username: string; total: number }>(
        `select u.id, u.firstname, u.lastname, u.username, count(*) over ()::int as total from users u where ${where}
          order by u.firstname, u.lastname, u.id limit $${n + 1} offset $${n + 2}`,
        [...params, query.limit, pageOffset(query)],
      );
      let totalDoc = rows[0]?.total;
      if (totalDoc === undefined)
        [{ total: totalDoc }] = await db.query<{ total: number }>(`select count(*)::int as total from users u where ${where}`, params);
      return { dpo_list: rows.map((r) => ({ _id: r.id, name: displayName(r) })), totalDoc };
    },
  }),
];
