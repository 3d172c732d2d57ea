import { menuReply } from '../../../contract/auth';
import { menuFor } from '../../../contract/menus';
import { notificationKindsFor, notificationListQuery, notificationReadBody, notificationListReply } from '../../../contract/notifications';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { pageOffset } from '../../db/paging';
import layoutTexts from '../../../i18n/layout';

interface NotificationRow {
  id: string;
  kind: string;
  params: Record<string, string | number>;
  link: string | null;
  read: boolean;
  created_at: Date | string;
}

/** A user's notifications: the company-wide ones and their own, of the kinds their menus allow ($3). */
const VISIBLE = `n.company_id = $1 and (n.user_id is null or n.user_id = $2) and n.kind = any($3::text[])`;

export const shellRoutes = [
  route({
    method: 'GET',
    url: '/user/menu',
    access: 'session',
    reply: menuReply,
    handler: async ({ session, lang }) => {
      return { menu: menuFor(session.menus, layoutTexts[lang].menu) };
    },
  }),

  route({
    method: 'GET',
    url: '/user/notification/list',
    access: 'session',
    reply: notificationListReply,
    query: notificationListQuery,
    handler: async ({ db, session, query }) => {
      const params = [session.companyId, session.userId, notificationKindsFor(session.menus)];
      const order = query.order === 'unread' ? 'read, n.created_at desc, n.id' : 'n.created_at desc, n.id';
      const [rows, [totals]] = await Promise.all([
        db.query<NotificationRow>(
          `select * from (
             select n.id, n.kind, n.params, n.link, n.created_at,
                    exists (select 1 from notification_reads r where r.notification_id = n.id and r.user_id = $2) as read
               from notifications n where ${VISIBLE}) n
            order by ${order} limit $4 offset $5`,
          [...params, query.limit, pageOffset(query)],
        ),
        db.query<{ total: number; unread: number }>(
          `select count(*)::int as total,
                  count(*) filter (where not exists (select 1 from notification_reads r
                                    where r.notification_id = n.id and r.user_id = $2))::int as unread
             from notifications n where ${VISIBLE}`,
          params,
        ),
      ]);
      return {
        notificationList: rows.map((r) => ({
          _id: r.id,
          kind: r.kind,
          params: r.params,
          link: r.link,
          read: r.read,
          created_dt: new Date(r.created_at).toISOString(),
        })),
        totalNotification: totals.total,
        unread: totals.unread,
      };
    },
  }),

  route({
    method: 'POST',
    url: '/user/notification/read',
    access: 'session',
    body: notificationReadBody,
    handler: async ({ db, session, body }) => {
      const params = [session.companyId, session.userId, notificationKindsFor(session.menus)];
      if ('all' in body) {
        await db.query(
          `insert into notification_reads (notification_id, user_id)
           select n.id, $2 from notifications n where ${VISIBLE} on conflict do nothing`,
          params,
        );
        return {};
      }
      const [found] = await db.query(`select 1 from notifications n where ${VISIBLE} and n.id = $4`, [...params, body.notificationId]);
      if (!found) throw notFound();
      await db.query('insert into notification_reads (notification_id, user_id) values ($1, $2) on conflict do nothing', [
        body.notificationId,
        session.userId,
      ]);
      return {};
    },
  }),
];
