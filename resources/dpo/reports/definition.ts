import type { RaRecord } from 'react-admin';
import type { DpoReport } from '../../../contract/dpo';
import type { ResourceDefinition } from '../../types';

const withId = (row: DpoReport) => ({ ...row, id: row._id });
const one = (body: Record<string, unknown>) => ({ data: withId(body.data as DpoReport) as RaRecord });
const path = ({ id }: { id: unknown }) => `/dpo/reports/${encodeURIComponent(String(id))}`;
/** The form's fields only: the server takes nothing else. */
const bodyOf = (data: Record<string, unknown>) => ({
  reportedOn: data.reportedOn,
  subject: data.subject,
  audience: data.audience,
  audienceName: data.audienceName,
  advice: data.advice,
  outcome: data.outcome,
  fileUrl: data.fileUrl,
});

export type DpoReportRecord = DpoReport & RaRecord;

/** The DPO's reports and advice (s.42, menu 4): newest first, by audience; add, change, delete. */
export default {
  name: 'dpo-reports',
  menu: 'dpo',
  api: {
    getList: {
      method: 'GET',
      path: () => '/dpo/reports',
      query: ({ pagination, filter }) => ({
        currentPage: pagination?.page ?? 1,
        limit: pagination?.perPage ?? 20,
        audience: filter?.audience || undefined,
      }),
      reply: (body) => ({ data: (body.reports as DpoReport[]).map(withId), total: body.totalDoc as number }),
    },
    getOne: { method: 'GET', path, reply: one },
    create: { method: 'POST', path: () => '/dpo/reports', body: ({ data }) => bodyOf(data), reply: one },
    update: { method: 'PUT', path, body: ({ data }) => bodyOf(data), reply: one },
    delete: { method: 'DELETE', path, reply: (_body, { id, previousData }) => ({ data: { ...previousData, id } as RaRecord }) },
  },
} satisfies ResourceDefinition;
