import {
  BREACH_TRANSITIONS,
  breachClock,
  breachWarnings,
  type BreachRecord,
  type BreachRiskLevel,
  type BreachRow,
  type BreachStatus,
  type RiskFactors,
} from '../../../contract/breach';
import type { Queryable } from '../../db/client';
import { iso } from '../../db/rows';
import { notFound } from '../../http/errors';

export interface BreachDbRow {
  id: string;
  code: string;
  title: string;
  discovery: string;
  status: BreachStatus;
  aware_at: Date | string;
  occurred_at: Date | string | null;
  cia: BreachRecord['cia'];
  data_categories: BreachRecord['dataCategories'];
  sensitive_data: boolean;
  subjects_count: string | number | null;
  subjects_estimated: boolean;
  records_count: string | number | null;
  records_estimated: boolean;
  vulnerable_groups: BreachRecord['vulnerableGroups'];
  systems: string[];
  processor: string;
  cause: string;
  containment: string;
  consequences: string;
  risk_level: BreachRiskLevel | null;
  risk_factors: RiskFactors | null;
  risk_rationale: string | null;
  assessed_at: Date | string | null;
  assessed_by_name: string | null;
  office_notified_at: Date | string | null;
  subjects_notified_at: Date | string | null;
  subjects_waiver: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const PERSON = `coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.username)`;
/** The breach columns with the assessor's name; `b` is breaches. */
export const BREACH_SELECT = `select b.*, ${PERSON} as assessed_by_name from breaches b
  left join users u on u.id = b.assessed_by and u.company_id = b.company_id`;

const isoOrNull = (at: Date | string | null) => (at ? iso(at) : null);
const num = (n: string | number | null) => (n === null ? null : Number(n));

/** A list row: the clock read now. */
export function toBreachRow(r: BreachDbRow, now = new Date()): BreachRow {
  return {
    id: r.id,
    code: r.code,
    title: r.title,
    status: r.status,
    awareAt: iso(r.aware_at),
    riskLevel: r.risk_level,
    officeNotifiedAt: isoOrNull(r.office_notified_at),
    subjectsNotifiedAt: isoOrNull(r.subjects_notified_at),
    clock: breachClock({ awareAt: r.aware_at, riskLevel: r.risk_level, officeNotifiedAt: r.office_notified_at, closed: r.status === 'closed' }, now),
    created_dt: iso(r.created_at),
  };
}

export async function loadBreachRow(q: Queryable, companyId: string, id: string): Promise<BreachDbRow> {
  const [row] = await q.query<BreachDbRow>(`${BREACH_SELECT} where b.company_id = $1 and b.id = $2`, [companyId, id]);
  if (!row) throw notFound();
  return row;
}

/** A breach whole: its fields, assessment, notices, timeline, files, warnings and the states it may move to. */
export async function breachRecord(q: Queryable, companyId: string, id: string): Promise<BreachRecord> {
  const r = await loadBreachRow(q, companyId, id);
  const [notices, timeline, files] = await Promise.all([
    q.query<{
      id: string;
      target: 'office' | 'subjects';
      sent_at: Date | string;
      channel: string;
      reference: string;
      late: boolean;
      late_reasons: string;
    }>('select * from breach_notices where company_id = $1 and breach_id = $2 order by sent_at, created_at', [companyId, id]),
    q.query<{ action: BreachRecord['timeline'][number]['action']; status: BreachStatus; note: string; by_name: string | null; at: Date | string }>(
      `select h.action, h.status, h.note, h.at, ${PERSON} as by_name
         from breach_history h left join users u on u.id = h.actor_id
        where h.company_id = $1 and h.breach_id = $2 order by h.at, h.id`,
      [companyId, id],
    ),
    q.query<{ id: string; name: string; mime: string; size: number }>(
      'select id, name, mime, size from breach_files where company_id = $1 and breach_id = $2 order by created_at, id',
      [companyId, id],
    ),
  ]);
  return {
    ...toBreachRow(r),
    discovery: r.discovery,
    occurredAt: isoOrNull(r.occurred_at),
    cia: r.cia,
    dataCategories: r.data_categories,
    dataCategoryIds: r.data_categories.map((c) => c._id),
    sensitiveData: r.sensitive_data,
    subjectsCount: num(r.subjects_count),
    subjectsEstimated: r.subjects_estimated,
    recordsCount: num(r.records_count),
    recordsEstimated: r.records_estimated,
    vulnerableGroups: r.vulnerable_groups,
    systems: r.systems,
    processor: r.processor,
    cause: r.cause,
    containment: r.containment,
    consequences: r.consequences,
    assessment:
      r.risk_level && r.risk_factors && r.assessed_at
        ? {
            level: r.risk_level,
            factors: r.risk_factors,
            rationale: r.risk_rationale ?? '',
            assessedAt: iso(r.assessed_at),
            assessedBy: r.assessed_by_name,
          }
        : null,
    notices: notices.map((n) => ({
      _id: n.id,
      target: n.target,
      sentAt: iso(n.sent_at),
      channel: n.channel as BreachRecord['notices'][number]['channel'],
      reference: n.reference,
      late: n.late,
      lateReasons: n.late_reasons,
    })),
    timeline: timeline.map((h) => ({ action: h.action, status: h.status, note: h.note, by: h.by_name, at: iso(h.at) })),
    files: files.map((f) => ({ _id: f.id, name: f.name, mime: f.mime, size: f.size })),
    warnings: breachWarnings({
      riskLevel: r.risk_level,
      officeNotifiedAt: r.office_notified_at,
      subjectsNotifiedAt: r.subjects_notified_at,
      subjectsWaiver: r.subjects_waiver,
    }),
    nextStatuses: [...BREACH_TRANSITIONS[r.status]],
    updated_dt: iso(r.updated_at),
  };
}

export const addBreachHistory = (
  q: Queryable,
  companyId: string,
  breachId: string,
  entry: { action: BreachRecord['timeline'][number]['action']; status: BreachStatus; note?: string; actorId?: string | null; at?: string },
) =>
  q.query(
    'insert into breach_history (company_id, breach_id, action, status, note, actor_id, at) values ($1, $2, $3, $4, $5, $6, coalesce($7, now()))',
    [companyId, breachId, entry.action, entry.status, entry.note ?? '', entry.actorId ?? null, entry.at ?? null],
  );
