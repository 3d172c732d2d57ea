import { join } from 'node:path';
import {
  dpoAnswers,
  dpoAppointmentCreateBody,
  dpoAppointmentInput,
  dpoAppointmentReply,
  dpoAppointmentsReply,
  dpoAssessmentReply,
  dpoAssessmentsReply,
  dpoEndBody,
  dpoIdParams,
  dpoListQuery,
  dpoPeopleReply,
} from '../../../contract/dpo';
import { displayName } from '../../../contract/people';
import { companyDetail } from '../../../contract/company';
import { MENU } from '../../../contract/menus';
import type { ServerConfig } from '../../config';
import { pageOf } from '../../db/paging';
import { ApiError } from '../../http/errors';
import { route } from '../../http/route';
import { auditExport } from '../audit/record';
import { drawableLogo, renderOrderPdf } from './orderPdf';
import {
  APPOINTMENT_SELECT,
  ASSESSMENT_COLUMNS,
  ASSESSMENT_FROM,
  appointmentValues,
  currentAppointment,
  loadAppointment,
  raiseDpoNotifications,
  resolvePeople,
  saveAssessment,
  toAppointment,
  toAssessment,
  type AppointmentRow,
  type AssessmentRow,
} from './rows';

const read = { menuId: MENU.dpo.menuId } as const;
const write = { ...read, write: true } as const;
const COLUMNS = `kind, user_id, name, representative, members, contact_email, contact_phone, contact_address,
  appointed_on, term_ends_on, office_informed_on, order_no, duties, shared_with_group, group_name, group_companies`;

/** The DPO (menu 4): appointments (one current at a time), their order PDF, the s.41 questionnaire. */
export const dpoRoutes = (config: ServerConfig) => [
  route({
    method: 'GET',
    url: '/dpo/appointments',
    access: read,
    query: dpoListQuery,
    reply: dpoAppointmentsReply,
    handler: async ({ db, session, query }) => {
      const [{ rows, total }, current] = await Promise.all([
        pageOf<AppointmentRow>(db, {
          select: APPOINTMENT_SELECT,
          from: 'dpo_appointments a',
          where: 'a.company_id = $1',
          order: 'a.ended_on is null desc, a.appointed_on desc, a.created_at desc, a.id',
          params: [session.companyId],
          paging: query,
        }),
        currentAppointment(db, session.companyId),
      ]);
      return { appointments: rows.map(toAppointment), totalDoc: total, current };
    },
  }),

  route({
    method: 'GET',
    url: '/dpo/people',
    // names and e-mails of the staff: only for those who appoint (a contact user may read the DPO page)
    access: write,
    reply: dpoPeopleReply,
    handler: async ({ db, session }) => {
      const rows = await db.query<{ id: string; firstname: string; lastname: string; username: string; email: string | null }>(
        `select id, firstname, lastname, username, email from users where company_id = $1 and not disabled and sub_id is null
          order by firstname, lastname, id limit 1000`,
        [session.companyId],
      );
      return { people: rows.map((r) => ({ _id: r.id, name: displayName(r), email: r.email ?? '' })) };
    },
  }),

  route({
    method: 'GET',
    url: '/dpo/appointments/:id',
    access: read,
    params: dpoIdParams,
    reply: dpoAppointmentReply,
    handler: async ({ db, session, params }) => ({ data: await loadAppointment(db, session.companyId, params.id) }),
  }),

  route({
    method: 'POST',
    url: '/dpo/appointments',
    access: write,
    body: dpoAppointmentCreateBody,
    reply: dpoAppointmentReply,
    handler: async ({ db, session, body }) => {
      const { replaceCurrent, ...input } = body;
      const stored = await resolvePeople(db, session.companyId, input);
      // the current appointment is locked until this transaction ends: two appointments at once cannot both pass
      const [current] = await db.query<{ id: string; appointed_on: string }>(
        `select id, to_char(appointed_on, 'YYYY-MM-DD') as appointed_on from dpo_appointments where company_id = $1 and ended_on is null for update`,
        [session.companyId],
      );
      if (current) {
        if (!replaceCurrent) throw new ApiError(409, 'dpo_current_exists');
        if (stored.appointedOn < current.appointed_on) throw new ApiError(400, 'dpo_replace_order');
        await db.query(`update dpo_appointments set ended_on = $3, updated_at = now() where company_id = $1 and id = $2`, [
          session.companyId,
          current.id,
          stored.appointedOn,
        ]);
      }
      const [{ id }] = await db.query<{ id: string }>(
        `insert into dpo_appointments (company_id, ${COLUMNS}, created_by) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) returning id`,
        [session.companyId, ...appointmentValues(stored), session.userId],
      );
      await raiseDpoNotifications(db, session.companyId);
      return { data: await loadAppointment(db, session.companyId, id) };
    },
  }),

  route({
    method: 'PUT',
    url: '/dpo/appointments/:id',
    access: write,
    params: dpoIdParams,
    body: dpoAppointmentInput,
    reply: dpoAppointmentReply,
    handler: async ({ db, session, params, body }) => {
      const before = await loadAppointment(db, session.companyId, params.id);
      if (before.endedOn && body.appointedOn > before.endedOn) throw new ApiError(400, 'dpo_end_order');
      const stored = await resolvePeople(db, session.companyId, body);
      await db.query(
        `update dpo_appointments set (${COLUMNS}) = ($3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18), updated_at = now(),
           -- a new term end is announced again when it comes near
           term_notified_at = case when term_ends_on is not distinct from $12::date then term_notified_at end
         where company_id = $1 and id = $2`,
        [session.companyId, params.id, ...appointmentValues(stored)],
      );
      await raiseDpoNotifications(db, session.companyId);
      return { data: await loadAppointment(db, session.companyId, params.id) };
    },
  }),

  route({
    method: 'POST',
    url: '/dpo/appointments/:id/end',
    access: write,
    params: dpoIdParams,
    body: dpoEndBody,
    reply: dpoAppointmentReply,
    handler: async ({ db, session, params, body }) => {
      const a = await loadAppointment(db, session.companyId, params.id);
      if (!a.current) throw new ApiError(409, 'dpo_not_current');
      if (body.endedOn < a.appointedOn) throw new ApiError(400, 'dpo_end_order');
      await db.query(`update dpo_appointments set ended_on = $3, end_reason = $4, updated_at = now() where company_id = $1 and id = $2`, [
        session.companyId,
        params.id,
        body.endedOn,
        body.reason,
      ]);
      // with nobody in office the newest answers may warn again
      await db.query(`update dpo_assessments set missing_notified_at = null where company_id = $1 and missing_notified_at is not null`, [
        session.companyId,
      ]);
      await raiseDpoNotifications(db, session.companyId);
      return { data: await loadAppointment(db, session.companyId, params.id) };
    },
  }),

  route({
    method: 'GET',
    url: '/dpo/appointments/:id/order',
    access: read,
    params: dpoIdParams,
    handler: async ({ db, session, params, lang, req, reply }) => {
      const a = await loadAppointment(db, session.companyId, params.id);
      const [company] = await db.query<{ code: string; detail: unknown; logo: string | null }>(
        'select code, detail, logo from companies where id = $1',
        [session.companyId],
      );
      const d = companyDetail.parse(company.detail);
      const [name, other] = lang === 'en' ? [d.nameEn || d.nameTh, d.nameTh] : [d.nameTh || d.nameEn, d.nameEn];
      const pdf = await renderOrderPdf(
        a,
        {
          name: name || company.code,
          nameOther: other,
          address: d.address,
          taxId: d.taxId,
          phone: d.phone,
          email: d.email,
          website: d.website,
          logoPath: drawableLogo(join(config.dataDir, 'uploads', session.companyId), company.logo),
        },
        lang,
      );
      await auditExport({ db, session, req }, 'dpo_appointments', [a._id], { format: 'pdf', document: 'appointment_order' });
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="dpo-appointment-${a.appointedOn}.pdf"`)
        .send(pdf);
      return undefined;
    },
  }),

  route({
    method: 'GET',
    url: '/dpo/assessments',
    access: read,
    query: dpoListQuery,
    reply: dpoAssessmentsReply,
    handler: async ({ db, session, query }) => {
      const { rows, total } = await pageOf<AssessmentRow>(db, {
        select: ASSESSMENT_COLUMNS,
        from: ASSESSMENT_FROM,
        where: 's.company_id = $1',
        order: 's.answered_at desc, s.id desc',
        params: [session.companyId],
        paging: query,
      });
      return { assessments: rows.map(toAssessment), totalDoc: total };
    },
  }),

  route({
    method: 'POST',
    url: '/dpo/assessments',
    access: write,
    body: dpoAnswers,
    reply: dpoAssessmentReply,
    handler: async ({ db, session, body }) => {
      const id = await saveAssessment(db, session.companyId, session.userId, body);
      await raiseDpoNotifications(db, session.companyId);
      const [row] = await db.query<AssessmentRow>(`select ${ASSESSMENT_COLUMNS} from ${ASSESSMENT_FROM} where s.id = $1 and s.company_id = $2`, [
        id,
        session.companyId,
      ]);
      return { data: toAssessment(row) };
    },
  }),
];
