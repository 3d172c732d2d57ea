/**
 * The DPO (menu 4): appointments with one current at a time (a replacement ends the current one the
 * day it starts), the history, the people to pick from, the s.41 questionnaire (the contract's own
 * `dpoReasons`). The fake checks the contract's schemas and the company; the server's other rules
 * (dates against the current appointment, people of the company, the bell) and the order PDF's
 * contents are the server's: its rule cases test them.
 */
import { randomUUID } from 'node:crypto';
import {
  DPO_FINE_BAHT,
  dpoAnswers,
  dpoAppointmentCreateBody,
  dpoAppointmentInput,
  dpoEndBody,
  dpoIdParams,
  dpoListQuery,
  dpoReasons,
  type DpoAppointmentValues,
} from '../../contract/dpo';
import { MENU } from '../../contract/menus';
import { displayName } from '../../contract/people';
import type { Row } from '../collections';
import { ownRow, ownRows, page } from '../crud';
import { Failure, now, route, type Call } from '../engine';

const read = { menuId: MENU.dpo.menuId } as const;
const write = { ...read, write: true } as const;

const view = (row: Row<'dpoAppointments'>) => {
  const { companyId: _, ...rest } = row;
  return { ...rest, current: row.endedOn === null };
};
const byDate = (a: Row<'dpoAppointments'>) => `${a.endedOn === null ? 1 : 0}${a.appointedOn}${a.created_dt}`;
const currentOf = (call: Call) => ownRows(call, 'dpoAppointments').find((a) => a.endedOn === null);

/** Staff and board members named as the company's people know them (another company's person: 400). */
function stored(call: Call, b: DpoAppointmentValues) {
  const person = (id: string) => {
    const user = ownRows(call, 'users').find((u) => u._id === id && !u.disabled);
    if (!user) throw new Failure(400, 'dpo_unknown_person');
    return displayName(user);
  };
  return {
    ...b,
    userId: b.kind === 'staff' ? b.userId : null,
    name: b.kind === 'staff' ? person(b.userId!) : b.name,
    representative: b.kind === 'firm' ? b.representative : '',
    members: b.kind === 'board' ? b.members.map((m) => ({ ...m, name: m.userId ? person(m.userId) : m.name })) : [],
  };
}

const assessmentView = (call: Call, s: Row<'dpoAssessments'>) => {
  const { companyId: _, answeredById, ...rest } = s;
  const by = answeredById ? ownRows(call, 'users').find((u) => u._id === answeredById) : undefined;
  return { ...rest, answeredBy: by ? displayName(by) : null };
};

// a one-page PDF saying what it is: the fake makes no appointment orders (the server's rule cases read those)
const FAKE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj 4 0 obj<</Length 58>>stream\nBT /F1 18 Tf 72 760 Td (fake-api: appointment order) Tj ET\nendstream endobj 5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export const dpoRoutes = [
  route({
    method: 'get',
    url: '/dpo/appointments',
    access: read,
    query: dpoListQuery,
    handler: (call) => {
      const rows = ownRows(call, 'dpoAppointments');
      const current = currentOf(call);
      return { appointments: page(rows, call.query, byDate).map(view), totalDoc: rows.length, current: current ? view(current) : null };
    },
  }),
  route({
    method: 'get',
    url: '/dpo/people',
    access: write,
    handler: (call) => ({
      people: ownRows(call, 'users')
        .filter((u) => !u.disabled && !u.subId)
        .map((u) => ({ _id: u._id, name: displayName(u), email: u.email ?? '' })),
    }),
  }),
  route({
    method: 'get',
    url: '/dpo/appointments/:id',
    access: read,
    params: dpoIdParams,
    handler: (call) => ({ data: view(ownRow(call, 'dpoAppointments', call.params.id)) }),
  }),
  route({
    method: 'post',
    url: '/dpo/appointments',
    access: write,
    body: dpoAppointmentCreateBody,
    handler: (call) => {
      const { replaceCurrent, ...input } = call.body;
      const values = stored(call, input);
      const current = currentOf(call);
      if (current && !replaceCurrent) throw new Failure(409, 'dpo_current_exists');
      const at = now();
      if (current) Object.assign(current, { endedOn: values.appointedOn, updated_dt: at });
      const row = { _id: randomUUID(), companyId: call.companyId, ...values, endedOn: null, endReason: '', created_dt: at, updated_dt: at };
      call.db.dpoAppointments.push(row);
      return { data: view(row) };
    },
  }),
  route({
    method: 'put',
    url: '/dpo/appointments/:id',
    access: write,
    params: dpoIdParams,
    body: dpoAppointmentInput,
    handler: (call) => {
      const row = ownRow(call, 'dpoAppointments', call.params.id);
      Object.assign(row, stored(call, call.body), { updated_dt: now() });
      return { data: view(row) };
    },
  }),
  route({
    method: 'post',
    url: '/dpo/appointments/:id/end',
    access: write,
    params: dpoIdParams,
    body: dpoEndBody,
    handler: (call) => {
      const row = ownRow(call, 'dpoAppointments', call.params.id);
      if (row.endedOn !== null) throw new Failure(409, 'dpo_not_current');
      Object.assign(row, { endedOn: call.body.endedOn, endReason: call.body.reason, updated_dt: now() });
      return { data: view(row) };
    },
  }),
  route({
    method: 'get',
    url: '/dpo/appointments/:id/order',
    access: read,
    params: dpoIdParams,
    handler: (call) => {
      const row = ownRow(call, 'dpoAppointments', call.params.id);
      call.res.setHeader('content-type', 'application/pdf');
      call.res.setHeader('content-disposition', `attachment; filename="dpo-appointment-${row.appointedOn}.pdf"`);
      call.res.end(FAKE_PDF);
      return undefined;
    },
  }),
  route({
    method: 'get',
    url: '/dpo/assessments',
    access: read,
    query: dpoListQuery,
    handler: (call) => {
      const rows = ownRows(call, 'dpoAssessments');
      return { assessments: page(rows, call.query, (s) => s.answeredAt).map((s) => assessmentView(call, s)), totalDoc: rows.length };
    },
  }),
  route({
    method: 'post',
    url: '/dpo/assessments',
    access: write,
    body: dpoAnswers,
    handler: (call) => {
      const reasons = dpoReasons(call.body);
      const row = {
        _id: randomUUID(),
        companyId: call.companyId,
        answers: call.body,
        required: reasons.length > 0,
        reasons,
        fineBaht: DPO_FINE_BAHT,
        answeredById: call.session.user._id,
        answeredAt: now(),
      };
      call.db.dpoAssessments.push(row);
      return { data: assessmentView(call, row) };
    },
  }),
];
