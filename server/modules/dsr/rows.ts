import { isBefore } from 'date-fns';
import { emitWebhook } from '../webhooks/outbox';
import { displayName } from '../../../contract/people';
import {
  DSR_ANSWERED,
  DSR_DUE_SOON_DAYS,
  DSR_TRANSITIONS,
  bangkokDaysBetween,
  type DsrRequestDetail,
  type DsrRequestRow,
  type DsrStatusId,
} from '../../../contract/dsr';
import type { Queryable } from '../../db/client';
import { notFound } from '../../http/errors';

export interface RequestRow {
  id: string;
  reference_code: string;
  form_id: string;
  form_name: string;
  status_id: number;
  rights: string[];
  requester_type: 'subject' | 'representative';
  subject: DsrRequestDetail['subject'];
  email: string;
  representative: DsrRequestDetail['representative'];
  details: string;
  lang: 'th' | 'en';
  received_at: Date | string;
  due_at: Date | string;
  extension_days: number | null;
  extension_reason: string | null;
  refusal_ground: string | null;
  refusal_reasons: string | null;
  proof_text: string | null;
  assignee_id: string | null;
  assignee_name: string | null;
  channel: DsrRequestRow['channel'];
}

/** The request columns with the form's and the assignee's names; `r` is dsr_requests. */
export const REQUEST_SELECT = `select r.*, f.name as form_name,
    nullif(trim(u.firstname || ' ' || u.lastname), '') as assignee_name_full, u.username as assignee_username
  from dsr_requests r
  join dsr_forms f on f.company_id = r.company_id and f.id = r.form_id
  left join users u on u.id = r.assignee_id and u.company_id = r.company_id`;

type RawRow = Omit<RequestRow, 'assignee_name'> & { assignee_name_full: string | null; assignee_username: string | null };
export const fromRaw = (r: RawRow): RequestRow => ({ ...r, assignee_name: r.assignee_name_full ?? r.assignee_username });

/** A list row: the 30-day clock read in Bangkok calendar days. */
export function toRequestRow(r: RequestRow, now = new Date()): DsrRequestRow {
  const due = new Date(r.due_at);
  const open = !DSR_ANSWERED.includes(r.status_id);
  return {
    _id: r.id,
    referenceCode: r.reference_code,
    formId: r.form_id,
    formName: r.form_name,
    statusId: r.status_id,
    rights: r.rights as DsrRequestRow['rights'],
    requesterType: r.requester_type,
    subjectName: displayName(r.subject),
    email: r.email,
    receivedAt: new Date(r.received_at).toISOString(),
    dueAt: due.toISOString(),
    daysLeft: bangkokDaysBetween(now, due),
    overdue: open && isBefore(due, now),
    extended: r.extension_days !== null,
    assignee: r.assignee_id ? { _id: r.assignee_id, name: r.assignee_name ?? '' } : null,
    channel: r.channel,
  };
}

interface HistoryRow {
  action: DsrRequestDetail['history'][number]['action'];
  status_id: number;
  note: string;
  by_name: string | null;
  at: Date | string;
}

export async function requestDetail(q: Queryable, companyId: string, requestId: string): Promise<DsrRequestDetail> {
  const [raw] = await q.query<RawRow>(`${REQUEST_SELECT} where r.company_id = $1 and r.id = $2`, [companyId, requestId]);
  if (!raw) throw notFound();
  const r = fromRaw(raw);
  const [history, files] = await Promise.all([
    q.query<HistoryRow>(
      `select h.action, h.status_id, h.note, h.at,
              coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.username) as by_name
         from dsr_history h left join users u on u.id = h.actor_id
        where h.company_id = $1 and h.request_id = $2 order by h.at, h.id`,
      [companyId, requestId],
    ),
    q.query<{ id: string; kind: DsrRequestDetail['files'][number]['kind']; name: string; mime: string; size: number }>(
      'select id, kind, name, mime, size from dsr_files where company_id = $1 and request_id = $2 order by created_at, id',
      [companyId, requestId],
    ),
  ]);
  return toRequestDetail(
    r,
    files,
    history.map((h) => ({ action: h.action, statusId: h.status_id, note: h.note, by: h.by_name, at: new Date(h.at).toISOString() })),
  );
}

/** A request whole: its list row, what the requester sent, the decision so far, its files and history. */
export function toRequestDetail(
  r: RequestRow,
  files: { id: string; kind: DsrRequestDetail['files'][number]['kind']; name: string; mime: string; size: number }[],
  history: DsrRequestDetail['history'],
): DsrRequestDetail {
  return {
    ...toRequestRow(r),
    subject: r.subject,
    representative: r.representative,
    details: r.details,
    lang: r.lang,
    extension: r.extension_days !== null ? { days: r.extension_days, reason: r.extension_reason ?? '' } : null,
    refusal: r.refusal_ground
      ? { legalGround: r.refusal_ground as NonNullable<DsrRequestDetail['refusal']>['legalGround'], reasons: r.refusal_reasons ?? '' }
      : null,
    proofText: r.proof_text,
    files: files.map((f) => ({ _id: f.id, kind: f.kind, name: f.name, mime: f.mime, size: f.size })),
    history,
    nextStatusIds: [...DSR_TRANSITIONS[r.status_id as DsrStatusId]],
  };
}

export const addHistory = (
  q: Queryable,
  companyId: string,
  requestId: string,
  entry: { action: DsrRequestDetail['history'][number]['action']; statusId: number; note?: string; actorId?: string | null },
) =>
  q.query('insert into dsr_history (company_id, request_id, action, status_id, note, actor_id) values ($1, $2, $3, $4, $5, $6)', [
    companyId,
    requestId,
    entry.action,
    entry.statusId,
    entry.note ?? '',
    entry.actorId ?? null,
  ]);

/**
 * Open requests due within 7 days that have not said so yet raise one `dsr_due` notification each.
 * Run whenever the company's request list is read, and at start and every hour by the timed work
 * (server/jobs.ts).
 */
export async function raiseDueNotifications(q: Queryable, companyId: string) {
  const due = await q.query<{ id: string; reference_code: string; due_at: Date | string }>(
    `update dsr_requests set due_notified_at = now()
      where company_id = $1 and status_id in (1, 2, 3) and due_notified_at is null
        and due_at < now() + make_interval(days => $2)
      returning id, reference_code, due_at`,
    [companyId, DSR_DUE_SOON_DAYS],
  );
  const now = new Date();
  for (const r of due) {
    const days = bangkokDaysBetween(now, new Date(r.due_at));
    // a request already past its due date says so, with the days overdue
    await q.query(`insert into notifications (company_id, kind, params, link) values ($1, $2, $3, $4)`, [
      companyId,
      days < 0 ? 'dsr_overdue' : 'dsr_due',
      JSON.stringify({ ref: r.reference_code, days: Math.abs(days) }),
      '/consents/datasubject/list',
    ]);
    await emitWebhook(q, companyId, 'request.due_soon', {
      id: r.id,
      referenceCode: r.reference_code,
      dueAt: new Date(r.due_at).toISOString(),
      overdue: days < 0,
    });
  }
}
