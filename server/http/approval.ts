import type { Queryable } from '../db/client';
import { ApiError } from './errors';

/**
 * Four eyes, one rule for every approval of the product (ROPA activities, documents; assessments and
 * erasures when they gain an approval): the approver is not the author. Each approving route names its
 * authors — who sent the record for review and who last changed what is being approved — and the menu whose
 * edit right makes someone an approver.
 *
 * - `none`: the person is not an author; they may approve.
 * - `refused`: an author, and someone else in the company (not disabled) holds the edit right: 409.
 * - `allowed`: an author, but nobody else could ever approve (a one-person company): they may.
 */
export type SelfApproval = 'none' | 'refused' | 'allowed';

export interface ApprovalAsk {
  companyId: string;
  /** who would approve */
  userId: string;
  /** the record's authors (nulls, e.g. a deleted user, are ignored) */
  authors: readonly (string | null | undefined)[];
  /** the menu whose edit right makes a person an approver */
  menuId: number;
}

/** Whether `userId` may approve (see `SelfApproval`). */
export async function selfApproval(q: Queryable, ask: ApprovalAsk): Promise<SelfApproval> {
  if (!ask.authors.some((a) => a === ask.userId)) return 'none';
  const [{ others }] = await q.query<{ others: number }>(
    `select count(*)::int as others from users u join role_menus rm on rm.role_id = u.role_id and rm.menu_id = $3 and rm.can_edit
      where u.company_id = $1 and u.id <> $2 and not u.disabled`,
    [ask.companyId, ask.userId, ask.menuId],
  );
  return others > 0 ? 'refused' : 'allowed';
}

/** Refuses (409 `approval_self_author`, in the reader's language) an approval by one of the record's authors. */
export async function refuseSelfApproval(q: Queryable, ask: ApprovalAsk): Promise<void> {
  if ((await selfApproval(q, ask)) === 'refused') throw new ApiError(409, 'approval_self_author');
}
