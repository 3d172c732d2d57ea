import { DPA_EXPIRY_WARNING_DAYS, type DiligenceRecord, type ProcessorWarning } from '../../../contract/processors';
import type { Queryable } from '../../db/client';
import { iso } from '../../db/rows';
import { notFound } from '../../http/errors';
import { BANGKOK_TODAY as TODAY } from '../../db/rows';

/** The warnings of a processor, in SQL over `p` (the register's row) and `d` (its due diligence, maybe absent). */
export const DILIGENCE_WARNINGS = `array_remove(array[
    case when coalesce(d.dpa_status, 'none') <> 'signed' or d.dpa_file_id is null then 'dpa_missing' end,
    case when d.dpa_status = 'signed' and d.dpa_expires_on < ${TODAY} then 'dpa_expired' end,
    case when d.dpa_status = 'signed' and d.dpa_expires_on >= ${TODAY} and d.dpa_expires_on < ${TODAY} + ${DPA_EXPIRY_WARNING_DAYS} then 'dpa_expiring' end,
    case when d.review_on < ${TODAY} then 'review_overdue' end
  ], null)`;

interface DiligenceRow {
  id: string;
  name: string;
  country: string;
  dpa_status: DiligenceRecord['dpaStatus'] | null;
  dpa_signed_on: string | null;
  dpa_expires_on: string | null;
  dpa_file_name: string | null;
  dpa_file_mime: string | null;
  dpa_file_size: number | null;
  breach_notice_hours: number | null;
  review_on: string | null;
  subprocessors: DiligenceRecord['subprocessors'] | null;
  warnings: ProcessorWarning[];
  updated_at: Date | string;
  questionnaires?: {
    id: string;
    sent_to: string;
    sent_by: string;
    sent_at: string;
    expires_at: string;
    answered_at: string | null;
    respondent_name: string | null;
    score: number | null;
    risk_code: string | null;
    risk_event_id: string | null;
  }[];
}

export const DILIGENCE_SELECT = `
  select p.id, p.name, p.country, d.dpa_status, to_char(d.dpa_signed_on, 'YYYY-MM-DD') as dpa_signed_on,
         to_char(d.dpa_expires_on, 'YYYY-MM-DD') as dpa_expires_on, d.dpa_file_name, d.dpa_file_mime, d.dpa_file_size, d.breach_notice_hours,
         to_char(d.review_on, 'YYYY-MM-DD') as review_on, d.subprocessors, ${DILIGENCE_WARNINGS} as warnings, greatest(p.updated_at, d.updated_at) as updated_at
    from processors p left join processor_diligence d on d.processor_id = p.id and d.company_id = p.company_id`;

const QUESTIONNAIRES = `coalesce((select json_agg(json_build_object('id', x.id, 'sent_to', x.sent_to,
      'sent_by', coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.username, ''), 'sent_at', x.sent_at, 'expires_at', x.expires_at,
      'answered_at', x.answered_at, 'respondent_name', x.respondent_name, 'score', x.score, 'risk_code', x.risk_code, 'risk_event_id', x.risk_event_id)
      order by x.sent_at desc)
    from processor_questionnaires x left join users u on u.id = x.sent_by where x.company_id = p.company_id and x.processor_id = p.id), '[]') as questionnaires`;

export const toDiligence = (r: DiligenceRow): DiligenceRecord => ({
  id: r.id,
  name: r.name,
  country: r.country,
  dpaStatus: r.dpa_status ?? 'none',
  dpaSignedOn: r.dpa_signed_on,
  dpaExpiresOn: r.dpa_expires_on,
  dpaFile: r.dpa_file_name ? { name: r.dpa_file_name, mime: r.dpa_file_mime ?? '', size: r.dpa_file_size ?? 0 } : null,
  breachNoticeHours: r.breach_notice_hours,
  reviewOn: r.review_on,
  subprocessors: r.subprocessors ?? [],
  warnings: r.warnings,
  questionnaires: (r.questionnaires ?? []).map((x) => ({
    id: x.id,
    sentTo: x.sent_to,
    sentBy: x.sent_by,
    sent_dt: iso(x.sent_at),
    expires_dt: iso(x.expires_at),
    state: x.answered_at ? 'answered' : new Date(x.expires_at) < new Date() ? 'expired' : 'pending',
    respondentName: x.respondent_name,
    answered_dt: x.answered_at ? iso(x.answered_at) : null,
    score: x.score,
    riskCode: x.risk_code,
    riskEventId: x.risk_event_id,
  })),
  updated_dt: iso(r.updated_at),
});

export type { DiligenceRow };

export async function loadDiligence(q: Queryable, companyId: string, processorId: string) {
  const [row] = await q.query<DiligenceRow>(
    `${DILIGENCE_SELECT.replace('as updated_at', `as updated_at, ${QUESTIONNAIRES}`)} where p.company_id = $1 and p.id = $2`,
    [companyId, processorId],
  );
  if (!row) throw notFound();
  return toDiligence(row);
}

/** How many processors warn (the dashboard's posture). */
export async function processorWarningCount(q: Queryable, companyId: string) {
  const [r] = await q.query<{ n: number }>(
    `select count(*)::int as n from processors p left join processor_diligence d on d.processor_id = p.id and d.company_id = p.company_id
      where p.company_id = $1 and cardinality(${DILIGENCE_WARNINGS}) > 0`,
    [companyId],
  );
  return r.n;
}
