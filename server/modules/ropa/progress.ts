import { MENU } from '../../../contract/menus';
import { ropaReportProgressQuery, ropaReportProgressReply } from '../../../contract/ropa';
import type { Queryable } from '../../db/client';
import { ApiError } from '../../http/errors';
import { route } from '../../http/route';

/** How often at most an export writes how far it is (a poll every half second sees it move). */
const EVERY_MS = 250;

/**
 * The progress of one export, kept in `export_progress` under the caller's key (so any API process
 * answers the poll): started with its total, told as activities are written (at most every 250 ms),
 * finished at the end. Without a key it keeps nothing.
 */
export async function startProgress(q: Queryable, job: string | undefined, companyId: string, userId: string, total: number) {
  if (!job) return { tell: async () => undefined, finish: async () => undefined };
  await q.query(`delete from export_progress where created_at < now() - interval '1 day'`);
  const [row] = await q.query<{ id: string }>(
    `insert into export_progress (id, company_id, user_id, total) values ($1, $2, $3, $4) on conflict (id) do nothing returning id`,
    [job, companyId, userId, total],
  );
  if (!row) throw new ApiError(409, 'ropa_job_taken');
  let last = 0;
  const write = (done: number, finished: boolean) =>
    q.query('update export_progress set done = $2, finished = $3 where id = $1', [job, Math.min(done, total), finished]);
  return {
    tell: async (done: number) => {
      if (performance.now() - last < EVERY_MS) return;
      last = performance.now();
      await write(done, false);
    },
    finish: async () => {
      await write(total, true);
    },
  };
}

/** `GET /ropa/report/progress?job=`: how far the caller's export is (activities written of its total). */
export const progressRoutes = [
  route({
    method: 'GET',
    url: '/ropa/report/progress',
    access: { menuId: MENU.ropa.menuId },
    query: ropaReportProgressQuery,
    reply: ropaReportProgressReply,
    handler: async ({ db, session, query }) => {
      const [row] = await db.query<{ done: number; total: number; finished: boolean }>(
        'select done, total, finished from export_progress where id = $1 and company_id = $2 and user_id = $3',
        [query.job, session.companyId, session.userId],
      );
      if (!row) throw new ApiError(404, 'ropa_job_unknown');
      return row;
    },
  }),
];
