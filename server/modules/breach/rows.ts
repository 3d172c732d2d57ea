import {
  BREACH_TRANSITIONS,
  NOTICE_CHANNELS,
  RISK_LEVELS,
  breachClock,
  breachWarnings,
  type BreachRecord,
  type BreachRiskLevel,
  type BreachRow,
  type BreachStatus,
  type BreachMoveBlock,
  type DraftRiskFactors,
  type LetterKind,
} from '../../../contract/breach';
import breachTexts from '../../../i18n/breach';
import type { Lang } from '../../http/messages';
import type { Queryable } from '../../db/client';
import { iso } from '../../db/rows';
import { ApiError, notFound } from '../../http/errors';
import { factorDraft } from './risk';

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
  acting_as_processor: boolean;
  controller_name: string;
  cause: string;
  containment: string;
  consequences: string;
  risk_level: BreachRiskLevel | null;
  risk_factors: Partial<DraftRiskFactors> | null;
  suggested_level: BreachRiskLevel | null;
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

/**
 * The states a breach may move to now, and those its state leads to that are refused now with why:
 * closing needs an assessment, and a notified Office unless there is no risk. The state route refuses
 * by the same answer, so the screen offers exactly what the server takes.
 */
export function breachMoves(b: { status: BreachStatus; riskLevel: BreachRiskLevel | null; officeNotifiedAt: unknown }) {
  const allowed: BreachStatus[] = [];
  const blocked: { status: BreachStatus; reason: BreachMoveBlock }[] = [];
  for (const status of BREACH_TRANSITIONS[b.status]) {
    const reason: BreachMoveBlock | null =
      status !== 'closed'
        ? null
        : !b.riskLevel
          ? 'breach_close_unassessed'
          : b.riskLevel !== 'none' && !b.officeNotifiedAt
            ? 'breach_close_office'
            : null;
    if (reason) blocked.push({ status, reason });
    else allowed.push(status);
  }
  return { allowed, blocked };
}

type HistoryDetail = {
  level?: BreachRiskLevel;
  target?: 'office' | 'subjects';
  channel?: string;
  reference?: string;
  late?: boolean;
  waiver?: string;
  kind?: LetterKind;
  number?: string;
  stage?: number;
};

/**
 * A timeline entry's note in the reader's language: what the system wrote (a level, a notice's target
 * and channel, a waiver, a letter, an escalation) is kept as data and worded here; what a person typed
 * is kept as typed.
 */
export function timelineNote(lang: Lang, action: string, note: string, d: HistoryDetail): string {
  const t = breachTexts[lang].breach;
  const join = (...parts: (string | undefined | false)[]) => parts.filter(Boolean).join(' · ');
  if (action === 'assessed' && d.level && RISK_LEVELS.includes(d.level)) return note ? `${t.risk[d.level]}: ${note}` : t.risk[d.level];
  if (action === 'notice' && d.target) {
    const channel = NOTICE_CHANNELS.find((c) => c === d.channel);
    return join(
      t.notice.target[d.target],
      channel && t.notice.channel[channel],
      d.reference,
      d.late && (note ? `${t.notice.late}: ${note}` : t.notice.late),
    );
  }
  if (action === 'state' && d.waiver) return join(note, `${t.waiver_note}: ${d.waiver}`);
  if (action === 'letter' && d.kind) return join(t.letter.kinds[d.kind], d.number);
  if (action === 'escalated' && d.stage) return t.escalation.timeline[d.stage === 240 ? 'day10' : d.stage === 60 ? 'h60' : 'h48'];
  return note;
}

/** A breach whole: its fields, assessment, notices, timeline (in the reader's language), files, warnings and the states it may move to. */
export async function breachRecord(q: Queryable, companyId: string, id: string, lang: Lang = 'th'): Promise<BreachRecord> {
  const r = await loadBreachRow(q, companyId, id);
  const [notices, timeline, files, systems, letters] = await Promise.all([
    q.query<{
      id: string;
      target: 'office' | 'subjects';
      sent_at: Date | string;
      channel: string;
      reference: string;
      late: boolean;
      late_reasons: string;
    }>('select * from breach_notices where company_id = $1 and breach_id = $2 order by sent_at, created_at', [companyId, id]),
    q.query<{
      action: BreachRecord['timeline'][number]['action'];
      status: BreachStatus;
      note: string;
      detail: HistoryDetail;
      by_name: string | null;
      at: Date | string;
    }>(
      `select h.action, h.status, h.note, h.detail, h.at, ${PERSON} as by_name
         from breach_history h left join users u on u.id = h.actor_id
        where h.company_id = $1 and h.breach_id = $2 order by h.at, h.id`,
      [companyId, id],
    ),
    q.query<{ id: string; name: string; mime: string; size: number }>(
      'select id, name, mime, size from breach_files where company_id = $1 and breach_id = $2 order by created_at, id',
      [companyId, id],
    ),
    breachSystemsOf(q, companyId, id),
    q.query<{ kind: LetterKind; number: string; issued_at: Date | string; signatory_name: string; signatory_position: string }>(
      'select kind, number, issued_at, signatory_name, signatory_position from breach_letters where company_id = $1 and breach_id = $2 order by issued_at, kind',
      [companyId, id],
    ),
  ]);
  const moves = breachMoves({ status: r.status, riskLevel: r.risk_level, officeNotifiedAt: r.office_notified_at });
  const f = r.risk_factors;
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
    affectedSystems: systems,
    systemIds: systems.map((s) => s._id),
    systems: r.systems,
    processor: r.processor,
    actingAsProcessor: r.acting_as_processor,
    controllerName: r.controller_name,
    cause: r.cause,
    containment: r.containment,
    consequences: r.consequences,
    factorDraft: factorDraft({
      sensitiveData: r.sensitive_data,
      dataCategories: r.data_categories,
      subjectsCount: num(r.subjects_count),
      recordsCount: num(r.records_count),
      vulnerableGroups: r.vulnerable_groups,
    }),
    assessment:
      r.risk_level && f && r.assessed_at
        ? {
            level: r.risk_level,
            suggestedLevel: r.suggested_level,
            factors: {
              sensitivity: f.sensitivity ?? null,
              volume: f.volume ?? null,
              identifiability: f.identifiability ?? null,
              severity: f.severity ?? null,
              wider: f.wider ?? null,
              controller: f.controller ?? null,
              vulnerable: f.vulnerable ?? false,
              encrypted: f.encrypted ?? false,
              recovered: f.recovered ?? false,
            },
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
    timeline: timeline.map((h) => ({
      action: h.action,
      status: h.status,
      note: timelineNote(lang, h.action, h.note, h.detail ?? {}),
      by: h.by_name,
      at: iso(h.at),
    })),
    files: files.map((f) => ({ _id: f.id, name: f.name, mime: f.mime, size: f.size })),
    warnings: breachWarnings({
      riskLevel: r.risk_level,
      officeNotifiedAt: r.office_notified_at,
      subjectsNotifiedAt: r.subjects_notified_at,
      subjectsWaiver: r.subjects_waiver,
    }),
    nextStatuses: moves.allowed,
    blockedStatuses: moves.blocked,
    letters: letters.map((l) => ({
      kind: l.kind,
      number: l.number,
      issuedAt: iso(l.issued_at),
      signatoryName: l.signatory_name,
      signatoryPosition: l.signatory_position,
    })),
    updated_dt: iso(r.updated_at),
  };
}

export const addBreachHistory = (
  q: Queryable,
  companyId: string,
  breachId: string,
  entry: {
    action: BreachRecord['timeline'][number]['action'];
    status: BreachStatus;
    note?: string;
    detail?: HistoryDetail;
    actorId?: string | null;
    at?: string;
  },
) =>
  q.query(
    'insert into breach_history (company_id, breach_id, action, status, note, detail, actor_id, at) values ($1, $2, $3, $4, $5, $6, $7, coalesce($8, now()))',
    [companyId, breachId, entry.action, entry.status, entry.note ?? '', JSON.stringify(entry.detail ?? {}), entry.actorId ?? null, entry.at ?? null],
  );

/** The data map's systems a breach touched, as named now. */
export async function breachSystemsOf(q: Queryable, companyId: string, breachId: string) {
  const rows = await q.query<{ id: string; name: string }>(
    `select s.id, s.name from breach_systems bs join datamap_systems s on s.company_id = bs.company_id and s.id = bs.system_id
      where bs.company_id = $1 and bs.breach_id = $2 order by lower(s.name), s.id`,
    [companyId, breachId],
  );
  return rows.map((r) => ({ _id: r.id, name: r.name }));
}

/** The picked systems, each the company's own (400 otherwise), each once. */
export async function checkBreachSystems(q: Queryable, companyId: string, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return unique;
  const [{ n }] = await q.query<{ n: number }>('select count(*)::int as n from datamap_systems where company_id = $1 and id = any($2::uuid[])', [
    companyId,
    unique,
  ]);
  if (n !== unique.length) throw new ApiError(400, 'breach_system_unknown');
  return unique;
}

/** Replaces a breach's links to the data map's systems (checked by `checkBreachSystems`). */
export async function writeBreachSystems(q: Queryable, companyId: string, breachId: string, ids: readonly string[]) {
  await q.query('delete from breach_systems where company_id = $1 and breach_id = $2', [companyId, breachId]);
  if (!ids.length) return;
  await q.query('insert into breach_systems (company_id, breach_id, system_id) select $1, $2, unnest($3::uuid[])', [companyId, breachId, ids]);
}
