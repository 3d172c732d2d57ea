import type { RaRecord } from 'react-admin';
import type { DpoAnswers, DpoAppointment, DpoAppointmentInput, DpoAssessment } from '../../contract/dpo';
import { apiCall, fileCall, type ResourceDefinition, type CallsOf } from '../types';

const withId = <T extends { _id: string }>(row: T) => ({ ...row, id: row._id });
const one = (body: Record<string, unknown>) => ({ data: withId(body.data as DpoAppointment) as RaRecord });
const path = ({ id }: { id: unknown }) => `/dpo/appointments/${encodeURIComponent(String(id))}`;

export type DpoAppointmentRecord = DpoAppointment & RaRecord;

/**
 * The DPO's appointments (menu 4): the history (newest first) with the current one in `meta.current`,
 * one appointment, appoint (`replaceCurrent` ends the current one), edit; ending an appointment, its
 * order PDF, the people to pick from and the s.41 questionnaire are calls of their own.
 */
const definition = {
  name: 'dpo-appointments',
  menu: 'dpo',
  api: {
    getList: {
      method: 'GET',
      path: () => '/dpo/appointments',
      query: ({ pagination }) => ({ currentPage: pagination?.page ?? 1, limit: pagination?.perPage ?? 20 }),
      reply: (body) => ({
        data: (body.appointments as DpoAppointment[]).map(withId),
        total: body.totalDoc as number,
        meta: { current: body.current as DpoAppointment | null },
      }),
    },
    getOne: { method: 'GET', path, reply: one },
    create: { method: 'POST', path: () => '/dpo/appointments', body: ({ data }) => data, reply: one },
    update: { method: 'PUT', path, body: ({ data }) => data, reply: one },
  },
  calls: {
    endDpoAppointment: apiCall({
      method: 'POST',
      path: ({ id }: { id: string; endedOn: string; reason: string }) => `/dpo/appointments/${encodeURIComponent(id)}/end`,
      body: ({ endedOn, reason }) => ({ endedOn, reason }),
      reply: (body) => body.data as DpoAppointment,
    }),
    downloadDpoOrder: fileCall({
      method: 'GET',
      path: ({ id }: { id: string; appointedOn: string }) => `/dpo/appointments/${encodeURIComponent(id)}/order`,
      fileName: ({ appointedOn }) => `dpo-appointment-${appointedOn}.pdf`,
    }),
    dpoPeople: apiCall({
      method: 'GET',
      path: () => '/dpo/people',
      reply: (body) => body.people as { _id: string; name: string; email: string }[],
    }),
    dpoAssessments: apiCall({
      method: 'GET',
      path: () => '/dpo/assessments',
      query: () => ({ limit: 50 }),
      reply: (body) => body.assessments as DpoAssessment[],
    }),
    saveDpoAssessment: apiCall({
      method: 'POST',
      path: () => '/dpo/assessments',
      body: (answers: DpoAnswers) => answers,
      reply: (body) => body.data as DpoAssessment,
    }),
  },
} satisfies ResourceDefinition;
export default definition;

declare module '../types' {
  interface DefinedCalls extends CallsOf<typeof definition> {}
}

export type { DpoAppointmentInput };
