import { z } from 'zod';
import { pagingQuery } from './http';

/**
 * The data protection officer (menu 4, PDPA s.41-42): the company's appointments of a DPO (a staff
 * member, an outside person, a firm, or a board of several people), one current at a time, with the
 * contact shown to data subjects, the appointment's dates and its order as a PDF; and the "Do we need
 * a DPO?" questionnaire following s.41, kept with its date. `GET /user/dpoList` (the seed's call, in
 * the people module) and the notice builder's DPO come from the current appointment.
 */

/** Who is appointed: one of the company's people, an outside person, a firm, or a board. */
export const DPO_KINDS = ['staff', 'external', 'firm', 'board'] as const;
export type DpoKind = (typeof DPO_KINDS)[number];

/** A board has at least two members and at most this many. */
export const DPO_BOARD_MAX = 20;
/** The bell warns this many days before a term ends. */
export const DPO_TERM_WARNING_DAYS = 30;
/** The administrative fine for failing to appoint a DPO when s.41 requires one (s.82), in baht. */
export const DPO_FINE_BAHT = 1_000_000;
/** The PDPC's notification on DPOs (2566): "large scale" from this many data subjects. */
export const DPO_LARGE_SCALE_SUBJECTS = 100_000;
/** The businesses the PDPC's notification names as regular, systematic monitoring on a large scale. */
export const DPO_MONITORING_SECTORS = ['search', 'social', 'behavioural_ads', 'insurance', 'bank', 'telecom'] as const;
export const DPO_SECTORS = [...DPO_MONITORING_SECTORS, 'other'] as const;
export type DpoSector = (typeof DPO_SECTORS)[number];
/** Why s.41 requires a DPO: (1) a public authority, (2) large-scale systematic monitoring, (3) sensitive data (s.26) as a core activity. */
export const DPO_REASONS = ['s41_1', 's41_2', 's41_3'] as const;
export type DpoReason = (typeof DPO_REASONS)[number];

const noControl = (s: string) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(s);
const line = (max: number) => z.string().trim().max(max).refine(noControl, { message: 'server.control_chars' });
const id = z.string().uuid();
/** A calendar date `YYYY-MM-DD` (no time zone can shift it). */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, 'not a date');

export const dpoContact = z.object({
  email: z.union([z.literal(''), z.string().trim().email().max(200)]).default(''),
  phone: line(50).default(''),
  address: line(500).default(''),
});
export type DpoContact = z.infer<typeof dpoContact>;

export const dpoMember = z.object({
  /** one of the company's people, or null for someone from outside */
  userId: id.nullable().default(null),
  name: line(200).default(''),
  /** the member's role on the board (chair, member, secretary…) */
  position: line(200).default(''),
});
export type DpoMember = z.infer<typeof dpoMember>;

/**
 * What `POST /dpo/appointments` and `PUT /dpo/appointments/:id` take. The form checks these rules
 * and the server checks them again (and that the people named are the company's).
 */
const appointmentFields = z.object({
  kind: z.enum(DPO_KINDS),
  /** `staff`: the person appointed */
  userId: id.nullable().default(null),
  /** the outside person's or firm's name, or the board's name; a staff member's is read from people */
  name: line(200).default(''),
  /** a firm: the person who acts for it */
  representative: line(200).default(''),
  members: z.array(dpoMember).max(DPO_BOARD_MAX).default([]),
  /** the contact shown to data subjects (may differ from personal ones) */
  contact: dpoContact,
  appointedOn: isoDate,
  termEndsOn: isoDate.nullable().default(null),
  /** the date the PDPC Office was informed (s.41 para. 4) */
  officeInformedOn: isoDate.nullable().default(null),
  /** the appointment order's number, e.g. "12/2569" (printed after ที่) */
  orderNo: line(100).default(''),
  /** duties and notes printed in the order */
  duties: line(4000).default(''),
  /**
   * s.41 para. 2: one DPO shared by a group of affiliated companies (the same person named by several companies
   * of the group). Each company keeps its own appointment and sees only its own rows; this records the group.
   */
  sharedWithGroup: z.boolean().default(false),
  /** the group's name, e.g. "กลุ่มบริษัทไทยดิจิทัล" (required when shared) */
  groupName: line(200).default(''),
  /** the other companies of the group that name the same DPO */
  groupCompanies: line(2000).default(''),
});
type AppointmentFields = z.output<typeof appointmentFields>;
function checkAppointment(b: AppointmentFields, ctx: z.RefinementCtx) {
  if (b.kind === 'staff' && !b.userId) ctx.addIssue({ code: 'custom', path: ['userId'], message: 'server.dpo_user_required' });
  if (b.kind !== 'staff' && !b.name) ctx.addIssue({ code: 'custom', path: ['name'], message: 'server.dpo_name_required' });
  if (b.kind === 'board') {
    if (b.members.length < 2) ctx.addIssue({ code: 'custom', path: ['members'], message: 'server.dpo_board_members' });
    b.members.forEach((m, i) => {
      if (!m.userId && !m.name) ctx.addIssue({ code: 'custom', path: ['members', i, 'name'], message: 'server.dpo_name_required' });
    });
  }
  if (!b.contact.email && !b.contact.phone) ctx.addIssue({ code: 'custom', path: ['contact', 'email'], message: 'server.dpo_contact_required' });
  if (b.termEndsOn && b.termEndsOn <= b.appointedOn) ctx.addIssue({ code: 'custom', path: ['termEndsOn'], message: 'server.dpo_term_order' });
  if (b.sharedWithGroup && !b.groupName) ctx.addIssue({ code: 'custom', path: ['groupName'], message: 'server.dpo_group_required' });
  if (b.officeInformedOn && b.officeInformedOn < b.appointedOn)
    ctx.addIssue({ code: 'custom', path: ['officeInformedOn'], message: 'server.dpo_informed_order' });
}
export const dpoAppointmentInput = appointmentFields.superRefine(checkAppointment);
export type DpoAppointmentInput = z.input<typeof dpoAppointmentInput>;
export type DpoAppointmentValues = z.output<typeof dpoAppointmentInput>;

/** `POST /dpo/appointments`: with `replaceCurrent`, the current appointment ends the day the new one starts; without it, a current one is a 409. */
export const dpoAppointmentCreateBody = appointmentFields.extend({ replaceCurrent: z.boolean().default(false) }).superRefine(checkAppointment);

/** `POST /dpo/appointments/:id/end`: the current appointment ends on `endedOn`. */
export const dpoEndBody = z.object({ endedOn: isoDate, reason: line(500).default('') });
export const dpoIdParams = z.object({ id: z.string().uuid() });

export const dpoAppointment = z.object({
  _id: z.string(),
  kind: z.enum(DPO_KINDS),
  userId: z.string().nullable(),
  /** the name data subjects see: the staff member's, the person's or firm's, the board's */
  name: z.string(),
  representative: z.string(),
  members: z.array(z.object({ userId: z.string().nullable(), name: z.string(), position: z.string() })),
  contact: z.object({ email: z.string(), phone: z.string(), address: z.string() }),
  appointedOn: z.string(),
  termEndsOn: z.string().nullable(),
  officeInformedOn: z.string().nullable(),
  orderNo: z.string(),
  duties: z.string(),
  sharedWithGroup: z.boolean(),
  groupName: z.string(),
  groupCompanies: z.string(),
  endedOn: z.string().nullable(),
  endReason: z.string(),
  current: z.boolean(),
  created_dt: z.string(),
  updated_dt: z.string(),
});
export type DpoAppointment = z.infer<typeof dpoAppointment>;

export const dpoListQuery = pagingQuery;
/** `GET /dpo/appointments`: every appointment, newest first (the history), and the current one. */
export const dpoAppointmentsReply = z.object({
  status: z.literal(200),
  appointments: z.array(dpoAppointment),
  totalDoc: z.number().int(),
  current: dpoAppointment.nullable(),
});
export const dpoAppointmentReply = z.object({ status: z.literal(200), data: dpoAppointment });

// ---- "Do we need a DPO?" (s.41) -----------------------------------------------------------------
export const dpoAnswers = z.object({
  /** s.41(1): a public authority as the Committee prescribes */
  publicAuthority: z.boolean(),
  /** s.41(2): core activities need regular, systematic monitoring of data subjects */
  systematicMonitoring: z.boolean(),
  /** the business, when it is one the PDPC's notification names */
  sector: z.enum(DPO_SECTORS).default('other'),
  /** how many data subjects the core activities concern (an estimate) */
  subjectCount: z.coerce.number().int().min(0).max(1_000_000_000),
  /** s.41(3): core activities collect, use or disclose sensitive data (s.26) */
  sensitiveCore: z.boolean(),
  note: line(2000).default(''),
});
export type DpoAnswers = z.infer<typeof dpoAnswers>;

/** The s.41 reasons the answers give (none: a DPO is not required, though still good practice). */
export function dpoReasons(
  a: Pick<DpoAnswers, 'publicAuthority' | 'systematicMonitoring' | 'sector' | 'subjectCount' | 'sensitiveCore'>,
): DpoReason[] {
  const reasons: DpoReason[] = [];
  if (a.publicAuthority) reasons.push('s41_1');
  const monitoring = a.systematicMonitoring || (DPO_MONITORING_SECTORS as readonly string[]).includes(a.sector);
  if (monitoring && a.subjectCount >= DPO_LARGE_SCALE_SUBJECTS) reasons.push('s41_2');
  if (a.sensitiveCore) reasons.push('s41_3');
  return reasons;
}

export const dpoAssessment = z.object({
  _id: z.string(),
  answers: dpoAnswers,
  required: z.boolean(),
  reasons: z.array(z.enum(DPO_REASONS)),
  fineBaht: z.number().int(),
  answeredBy: z.string().nullable(),
  answeredAt: z.string(),
});
export type DpoAssessment = z.infer<typeof dpoAssessment>;
/** `GET /dpo/assessments`: the answers, newest first. */
export const dpoAssessmentsReply = z.object({ status: z.literal(200), assessments: z.array(dpoAssessment), totalDoc: z.number().int() });
export const dpoAssessmentReply = z.object({ status: z.literal(200), data: dpoAssessment });

// ---- calendar dates -----------------------------------------------------------------------------
/** The calendar date in Bangkok of `at`, as `YYYY-MM-DD`. */
export const bangkokDate = (at: Date = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
/** Whole days from the calendar date `from` to `to` (negative when `to` is earlier). */
export const daysBetweenDates = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
/** The calendar date `days` after `day`. */
export const addDaysToDate = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** How a current appointment's term stands today: none, running, ending within 30 days, or over. */
export function termState(a: Pick<DpoAppointment, 'termEndsOn' | 'current'>, today = bangkokDate()): 'none' | 'running' | 'ending' | 'ended' {
  if (!a.current || !a.termEndsOn) return 'none';
  const left = daysBetweenDates(today, a.termEndsOn);
  return left < 0 ? 'ended' : left <= DPO_TERM_WARNING_DAYS ? 'ending' : 'running';
}

/** `GET /dpo/people`: the company's active staff a DPO or board member may be picked from (menu 4 with edit rights; no need of menu 14). */
export const dpoPeopleReply = z.object({
  status: z.literal(200),
  people: z.array(z.object({ _id: z.string(), name: z.string(), email: z.string() })),
});

// ---- the DPO's reports and advice (s.42) ------------------------------------------------------------

/** To whom the DPO reported or gave advice (s.42: the controller, its board or highest management, a department). */
export const DPO_REPORT_AUDIENCES = ['board', 'management', 'department', 'staff', 'other'] as const;
export type DpoReportAudience = (typeof DPO_REPORT_AUDIENCES)[number];

/** What `POST /dpo/reports` and `PUT /dpo/reports/:id` take: one report or piece of advice. */
export const dpoReportInput = z
  .object({
    reportedOn: isoDate,
    subject: line(300).min(1),
    audience: z.enum(DPO_REPORT_AUDIENCES),
    /** the department, committee or person it went to */
    audienceName: line(300).default(''),
    /** the advice or the report's findings */
    advice: line(8000).min(1),
    /** what was decided or done about it */
    outcome: line(4000).default(''),
    /** a link to the report's file (the document store, a shared drive) */
    fileUrl: z
      .union([
        z.literal(''),
        z
          .string()
          .trim()
          .url()
          .max(1000)
          .regex(/^https?:\/\//i, 'server.dpo_report_file_url'),
      ])
      .default(''),
  })
  .superRefine((b, ctx) => {
    if (b.audience === 'department' && !b.audienceName)
      ctx.addIssue({ code: 'custom', path: ['audienceName'], message: 'server.dpo_report_department_required' });
  });
export type DpoReportInput = z.input<typeof dpoReportInput>;
export type DpoReportValues = z.output<typeof dpoReportInput>;

export const dpoReport = z.object({
  _id: z.string(),
  reportedOn: z.string(),
  subject: z.string(),
  audience: z.enum(DPO_REPORT_AUDIENCES),
  audienceName: z.string(),
  advice: z.string(),
  outcome: z.string(),
  fileUrl: z.string(),
  createdBy: z.string().nullable(),
  created_dt: z.string(),
  updated_dt: z.string(),
});
export type DpoReport = z.infer<typeof dpoReport>;
export const dpoReportListQuery = pagingQuery.extend({ audience: z.enum(DPO_REPORT_AUDIENCES).optional() });
export const dpoReportsReply = z.object({ status: z.literal(200), reports: z.array(dpoReport), totalDoc: z.number().int() });
export const dpoReportReply = z.object({ status: z.literal(200), data: dpoReport });
