import {
  DPO_FINE_BAHT,
  DPO_TERM_WARNING_DAYS,
  bangkokDate,
  daysBetweenDates,
  dpoReasons,
  type DpoAnswers,
  type DpoAppointment,
  type DpoAppointmentValues,
  type DpoAssessment,
  type DpoReason,
} from '../../../contract/dpo';
import { companyDetail } from '../../../contract/company';
import { displayName } from '../../../contract/people';
import type { Queryable } from '../../db/client';
import { iso } from '../../db/rows';
import { ApiError, notFound } from '../../http/errors';

export interface AppointmentRow {
  id: string;
  kind: DpoAppointment['kind'];
  user_id: string | null;
  name: string;
  representative: string;
  members: DpoAppointment['members'];
  contact_email: string;
  contact_phone: string;
  contact_address: string;
  appointed_on: string;
  term_ends_on: string | null;
  office_informed_on: string | null;
  order_no: string;
  duties: string;
  shared_with_group: boolean;
  group_name: string;
  group_companies: string;
  ended_on: string | null;
  end_reason: string;
  created_at: Date | string;
  updated_at: Date | string;
}

// date columns as their `YYYY-MM-DD` text: no time zone can shift them
export const APPOINTMENT_SELECT = `a.id, a.kind, a.user_id, a.name, a.representative, a.members, a.contact_email, a.contact_phone, a.contact_address,
  to_char(a.appointed_on, 'YYYY-MM-DD') as appointed_on, to_char(a.term_ends_on, 'YYYY-MM-DD') as term_ends_on,
  to_char(a.office_informed_on, 'YYYY-MM-DD') as office_informed_on, a.order_no, a.duties, a.shared_with_group, a.group_name, a.group_companies,
  to_char(a.ended_on, 'YYYY-MM-DD') as ended_on, a.end_reason, a.created_at, a.updated_at`;

export const toAppointment = (r: AppointmentRow): DpoAppointment => ({
  _id: r.id,
  kind: r.kind,
  userId: r.user_id,
  name: r.name,
  representative: r.representative,
  members: r.members,
  contact: { email: r.contact_email, phone: r.contact_phone, address: r.contact_address },
  appointedOn: r.appointed_on,
  termEndsOn: r.term_ends_on,
  officeInformedOn: r.office_informed_on,
  orderNo: r.order_no,
  duties: r.duties,
  sharedWithGroup: r.shared_with_group,
  groupName: r.group_name,
  groupCompanies: r.group_companies,
  endedOn: r.ended_on,
  endReason: r.end_reason,
  current: r.ended_on === null,
  created_dt: iso(r.created_at),
  updated_dt: iso(r.updated_at),
});

export async function loadAppointment(q: Queryable, companyId: string, id: string): Promise<DpoAppointment> {
  const [row] = await q.query<AppointmentRow>(`select ${APPOINTMENT_SELECT} from dpo_appointments a where a.company_id = $1 and a.id = $2`, [
    companyId,
    id,
  ]);
  if (!row) throw notFound();
  return toAppointment(row);
}

/** The company's current appointment, or null. */
export async function currentAppointment(q: Queryable, companyId: string): Promise<DpoAppointment | null> {
  const [row] = await q.query<AppointmentRow>(`select ${APPOINTMENT_SELECT} from dpo_appointments a where a.company_id = $1 and a.ended_on is null`, [
    companyId,
  ]);
  return row ? toAppointment(row) : null;
}

/**
 * The appointment as stored: a staff member's and the board's people are checked to be the
 * company's active people (else 400), and named as people names them.
 */
export async function resolvePeople(q: Queryable, companyId: string, b: DpoAppointmentValues) {
  const ids = [...new Set([b.kind === 'staff' ? b.userId : null, ...(b.kind === 'board' ? b.members.map((m) => m.userId) : [])].filter(Boolean))];
  const people = ids.length
    ? await q.query<{ id: string; firstname: string; lastname: string; username: string }>(
        'select id, firstname, lastname, username from users where company_id = $1 and id = any($2::uuid[]) and not disabled',
        [companyId, ids],
      )
    : [];
  if (people.length !== ids.length) throw new ApiError(400, 'dpo_unknown_person');
  const nameOf = (id: string) => displayName(people.find((p) => p.id === id)!);
  return {
    ...b,
    userId: b.kind === 'staff' ? b.userId : null,
    name: b.kind === 'staff' ? nameOf(b.userId!) : b.name,
    representative: b.kind === 'firm' ? b.representative : '',
    members: b.kind === 'board' ? b.members.map((m) => ({ userId: m.userId, name: m.userId ? nameOf(m.userId) : m.name, position: m.position })) : [],
    groupName: b.sharedWithGroup ? b.groupName : '',
    groupCompanies: b.sharedWithGroup ? b.groupCompanies : '',
  };
}
export type StoredAppointment = Awaited<ReturnType<typeof resolvePeople>>;

export const appointmentValues = (a: StoredAppointment) => [
  a.kind,
  a.userId,
  a.name,
  a.representative,
  JSON.stringify(a.members),
  a.contact.email,
  a.contact.phone,
  a.contact.address,
  a.appointedOn,
  a.termEndsOn,
  a.officeInformedOn,
  a.orderNo,
  a.duties,
  a.sharedWithGroup,
  a.groupName,
  a.groupCompanies,
];

// ---- the questionnaire ------------------------------------------------------------------------
export interface AssessmentRow {
  id: string;
  answers: DpoAnswers;
  required: boolean;
  reasons: DpoReason[];
  answered_by_name: string | null;
  answered_at: Date | string;
}
export const ASSESSMENT_COLUMNS = `s.id, s.answers, s.required, s.reasons, s.answered_at,
  coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.username) as answered_by_name`;
export const ASSESSMENT_FROM = 'dpo_assessments s left join users u on u.id = s.answered_by';
export const toAssessment = (r: AssessmentRow): DpoAssessment => ({
  _id: r.id,
  answers: r.answers,
  required: r.required,
  reasons: r.reasons,
  fineBaht: DPO_FINE_BAHT,
  answeredBy: r.answered_by_name,
  answeredAt: iso(r.answered_at),
});

export async function saveAssessment(q: Queryable, companyId: string, userId: string | null, answers: DpoAnswers, at?: Date) {
  const reasons = dpoReasons(answers);
  const [{ id }] = await q.query<{ id: string }>(
    `insert into dpo_assessments (company_id, answers, required, reasons, answered_by, answered_at) values ($1, $2, $3, $4, $5, coalesce($6, now())) returning id`,
    [companyId, JSON.stringify(answers), reasons.length > 0, reasons, userId, at?.toISOString() ?? null],
  );
  return id;
}

// ---- the bell ---------------------------------------------------------------------------------
/**
 * The DPO's bell for one company, safe with several API processes (each row is picked and marked in
 * one statement): a current appointment whose term ends within 30 days raises `dpo_term_ending`
 * once; the newest answers saying a DPO is required while none is current raise `dpo_missing` once.
 * Run by the timed work (server/jobs.ts) and after every change of the module.
 */
export async function raiseDpoNotifications(q: Queryable, companyId: string) {
  const today = bangkokDate();
  const ending = await q.query<{ id: string; name: string; term_ends_on: string }>(
    `update dpo_appointments set term_notified_at = now()
      where company_id = $1 and ended_on is null and term_notified_at is null
        and term_ends_on is not null and term_ends_on <= $2::date + $3::int
      returning id, name, to_char(term_ends_on, 'YYYY-MM-DD') as term_ends_on`,
    [companyId, today, DPO_TERM_WARNING_DAYS],
  );
  for (const a of ending) {
    await q.query(`insert into notifications (company_id, kind, params, link) values ($1, 'dpo_term_ending', $2, $3)`, [
      companyId,
      JSON.stringify({ name: a.name, days: Math.max(0, daysBetweenDates(today, a.term_ends_on)), date: a.term_ends_on }),
      `/dpo/assing/${a.id}`,
    ]);
  }
  const missing = await q.query<{ id: string }>(
    `update dpo_assessments s set missing_notified_at = now()
      where s.id = (select id from dpo_assessments where company_id = $1 order by answered_at desc, id desc limit 1)
        and s.required and s.missing_notified_at is null
        and not exists (select 1 from dpo_appointments a where a.company_id = $1 and a.ended_on is null)
      returning s.id`,
    [companyId],
  );
  if (missing.length) {
    await q.query(`insert into notifications (company_id, kind, params, link) values ($1, 'dpo_missing', '{}'::jsonb, '/dpo/list')`, [companyId]);
  }
}

/**
 * The DPO data subjects and the Office write to: the appointment named (a ROPA record's, a notice's),
 * else the current one, each with the contact it gives; without one, the company settings' DPO contact.
 * The one source for the breach letters, the ROPA records and the document sheets' `dpo.*` variables.
 */
export async function dpoContactOf(q: Queryable, companyId: string, appointmentId?: string | null) {
  // compared as text: an id that is no appointment's (an older record's person) never fails the statement
  const [named] = appointmentId
    ? await q.query<AppointmentRow>(`select ${APPOINTMENT_SELECT} from dpo_appointments a where a.company_id = $1 and a.id::text = $2`, [
        companyId,
        appointmentId,
      ])
    : [];
  const appointment = named ? toAppointment(named) : await currentAppointment(q, companyId);
  const [row] = await q.query<{ detail: unknown }>('select detail from companies where id = $1', [companyId]);
  const settings = companyDetail.parse(row?.detail ?? {}).dpoContact;
  if (!appointment) return { name: settings.name, email: settings.email, phone: settings.phone, address: '' };
  return {
    name: appointment.name,
    email: appointment.contact.email || settings.email,
    phone: appointment.contact.phone || settings.phone,
    address: appointment.contact.address,
  };
}
