import type { FastifyRequest } from 'fastify';
import { AUDIT_ENTITY, type AuditAction } from '../../../contract/audit';
import type { Queryable } from '../../db/client';
import { actorOf } from '../../http/actorDb';
import type { Session } from '../auth/sessions';

/** One row of the audit trail written by the API (row changes are written by the database's triggers). */
export interface AuditRecord {
  companyId: string | null;
  userId: string | null;
  username: string | null;
  action: AuditAction;
  /** the table, or the record type, the action concerns */
  entity: string;
  /** one row per id; none: one row without a record id */
  recordIds?: readonly string[];
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  ip: string | null;
}

/** Appends rows to the audit trail; returns the id of the last one. */
export async function recordAudit(q: Queryable, entry: AuditRecord): Promise<string> {
  const ids = entry.recordIds?.length ? [...entry.recordIds] : [null];
  const rows = await q.query<{ id: string }>(
    `insert into audit_log (company_id, user_id, username, action, entity, record_id, before, after, ip)
     select $1, $2, $3, $4, $5, record_id, $6, $7, $8 from unnest($9::text[]) with ordinality as r(record_id, n)
     order by n
     returning id`,
    [
      entry.companyId,
      entry.userId,
      entry.username,
      entry.action,
      entry.entity,
      entry.before ? JSON.stringify(entry.before) : null,
      entry.after ? JSON.stringify(entry.after) : null,
      entry.ip,
      ids,
    ],
  );
  return String(rows[rows.length - 1].id);
}

/**
 * Records that the signed-in user exported records: one row per exported record (or one for a
 * list exported by its filters), with what was exported in `details`. Every export route calls it.
 */
export function auditExport(
  ctx: { db: Queryable; session: Session; req: FastifyRequest },
  entity: string,
  recordIds: readonly string[],
  details: Record<string, unknown>,
): Promise<string> {
  const actor = actorOf(ctx.session, ctx.req);
  return recordAudit(ctx.db, { ...actor, action: 'export', entity, recordIds, after: details });
}

/** Why a sign-in failed, as the trail keeps it (the reply never says which). */
export type SigninFailure = 'password' | 'disabled' | 'unverified' | 'second_factor' | 'sso';

/**
 * Records a sign-in, or a failed one: under the account's company and id when the account exists,
 * else under the company the code names (if any) with the username that was tried.
 */
export async function auditSignin(
  q: Queryable,
  req: FastifyRequest,
  attempt: { companyCode: string; username: string },
  account: { user_id: string; company_id: string; username: string } | undefined,
  failure?: SigninFailure,
  /** a sign-in's second factor (which one, whether it was enrolled just now); a refused single sign-on's reason */
  extra?: Record<string, unknown>,
): Promise<void> {
  let companyId = account?.company_id ?? null;
  if (!account) {
    const [company] = await q.query<{ id: string }>('select id from companies where upper(code) = upper($1)', [attempt.companyCode]);
    companyId = company?.id ?? null;
  }
  const userAgent = String(req.headers['user-agent'] ?? '').slice(0, 300);
  await recordAudit(q, {
    companyId,
    userId: account?.user_id ?? null,
    username: account?.username ?? attempt.username,
    action: failure ? 'signin_failed' : 'signin',
    entity: AUDIT_ENTITY.users,
    recordIds: account ? [account.user_id] : [],
    after: failure ? { companyCode: attempt.companyCode, reason: failure, userAgent, ...extra } : { userAgent, ...extra },
    ip: req.ip,
  });
}
