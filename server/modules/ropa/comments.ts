import { MENU } from '../../../contract/menus';
import { ropaParams } from '../../../contract/ropa';
import { ropaCommentBody, ropaCommentsReply, ropaReviewersReply } from '../../../contract/ropaReview';
import type { Queryable } from '../../db/client';
import { iso } from '../../db/rows';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { reviewersOf } from './activities';
import { USER_NAME } from './rows';

const read = { menuId: MENU.ropa.menuId } as const;
const write = { ...read, write: true } as const;

/** An activity's review thread, oldest first; 404 when the activity is not the company's. */
export async function commentsOf(q: Queryable, companyId: string, activityId: string) {
  const [own] = await q.query('select 1 from ropa_activities where company_id = $1 and id = $2', [companyId, activityId]);
  if (!own) throw notFound();
  const rows = await q.query<{ id: string; author_id: string | null; author_name: string | null; body: string; created_at: Date | string }>(
    `select c.id, c.author_id, ${USER_NAME('u')} as author_name, c.body, c.created_at
       from ropa_comments c left join users u on u.id = c.author_id
      where c.company_id = $1 and c.activity_id = $2 order by c.created_at, c.id`,
    [companyId, activityId],
  );
  return rows.map((r) => ({
    id: r.id,
    author: r.author_id ? { id: r.author_id, name: r.author_name ?? '' } : null,
    body: r.body,
    created_dt: iso(r.created_at),
  }));
}

/** ROPA review: the people who may be asked to review, and the comments on an activity (audited by the row triggers). */
export const reviewRoutes = [
  route({
    method: 'GET',
    url: '/ropa/reviewers',
    access: write,
    reply: ropaReviewersReply,
    handler: async ({ db, session }) => ({ data: await reviewersOf(db, session.companyId, session.userId) }),
  }),
  route({
    method: 'GET',
    url: '/ropa/activity/:id/comments',
    access: read,
    params: ropaParams,
    reply: ropaCommentsReply,
    handler: async ({ db, session, params }) => ({ data: await commentsOf(db, session.companyId, params.id) }),
  }),
  route({
    method: 'POST',
    url: '/ropa/activity/:id/comments',
    access: write,
    params: ropaParams,
    body: ropaCommentBody,
    reply: ropaCommentsReply,
    handler: async ({ db, session, params, body }) => {
      await commentsOf(db, session.companyId, params.id);
      await db.query('insert into ropa_comments (company_id, activity_id, author_id, body) values ($1, $2, $3, $4)', [
        session.companyId,
        params.id,
        session.userId,
        body.body,
      ]);
      return { data: await commentsOf(db, session.companyId, params.id) };
    },
  }),
];
