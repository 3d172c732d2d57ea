import { dpoListQuery, dpoListReply } from '../../../contract/people';
import { route } from '../../http/route';
import { pageOffset } from '../../db/paging';
import { likePattern } from '../../db/search';

export const dpoRoutes = [
  route({
    method: 'GET',
    url: '/user/dpoList',
    // the consent form's draft picks its DPO from this list: any signed-in person of the company may read it
    access: 'session',
    reply: dpoListReply,
    query: dpoListQuery,
    /**
     * The company's current DPO appointment (menu 4, server/modules/dpo): one entry, the appointment's
     * id and the name data subjects see (a staff member's, an outside person's or firm's, a board's);
     * none while nobody is appointed. The seed's reply shape is kept.
     */
    handler: async ({ db, session, query }) => {
      const params: unknown[] = [session.companyId];
      let where = 'a.company_id = $1 and a.ended_on is null';
      if (query.search) {
        params.push(likePattern(query.search));
        where += ` and a.name ilike $${params.length}`;
      }
      const n = params.length;
      const rows = await db.query<{ id: string; name: string }>(
        `select a.id, a.name from dpo_appointments a where ${where} order by a.appointed_on desc, a.id limit $${n + 1} offset $${n + 2}`,
        [...params, query.limit, pageOffset(query)],
      );
      const [{ total }] = await db.query<{ total: number }>(`select count(*)::int as total from dpo_appointments a where ${where}`, params);
      return { dpo_list: rows.map((r) => ({ _id: r.id, name: r.name })), totalDoc: total };
    },
  }),
];
