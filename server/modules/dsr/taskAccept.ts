import { DSR_STATUS } from '../../../contract/dsr';
import type { ServerConfig } from '../../config';
import type { Queryable } from '../../db/client';
import { ApiError } from '../../http/errors';
import { tellAssigned } from './taskNotify';
import { makeRequestTasks, openTasksOf } from './taskRows';

/** An accepted request (identity verified, now in review) gets a task per system it concerns, and their people hear of them. */
export async function acceptRequestTasks(q: Queryable, config: ServerConfig, companyId: string, requestId: string, userId: string) {
  const ids = await makeRequestTasks(q, companyId, requestId, userId);
  await tellAssigned(q, companyId, ids, config.mail);
}

/** A request is not answered as (partially) fulfilled while one of its tasks is still to do: a 400 naming them. */
export async function refuseWhileTasksOpen(q: Queryable, companyId: string, requestId: string, statusId: number) {
  if (statusId !== DSR_STATUS.fulfilled && statusId !== DSR_STATUS.partial) return;
  const open = await openTasksOf(q, companyId, requestId);
  if (open.length) throw new ApiError(400, 'dsr_tasks_open', { count: open.length, systems: open.map((t) => t.system_name).join(', ') });
}
