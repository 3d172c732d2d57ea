import type { z } from 'zod';
import type { AuditEntry, AuditFilters, auditOptionsReply } from '../../contract/audit';
import { apiCall, fileCall, type ResourceDefinition, type CallsOf } from '../types';

/** The audit trail (settings, menu 13): read-only, listed by its filters, newest first. */
const definition = {
  name: 'audit-trail',
  menu: 'settings',
  api: {
    getList: {
      method: 'GET',
      path: () => '/audit/list',
      query: ({ pagination, filter }) => ({
        currentPage: pagination?.page ?? 1,
        limit: pagination?.perPage ?? 20,
        user: filter?.user,
        entity: filter?.entity,
        action: filter?.action,
        from: filter?.from,
        to: filter?.to,
      }),
      // typed, not parsed: the definitions load with the sign-in page, whose bundle has a size budget
      reply: (body) => ({
        data: (body.auditList as AuditEntry[]).map((entry) => ({ ...entry, id: entry._id })),
        total: body.totalDoc as number,
      }),
    },
  },
  calls: {
    /** `GET /audit/options`: the filters' choices, the company's people and every record type */
    auditOptions: apiCall({
      method: 'GET',
      path: () => '/audit/options',
      reply: (body) => body as z.infer<typeof auditOptionsReply>,
    }),
    /** `GET /audit/export` with the list's filters: the CSV */
    exportAuditTrail: fileCall({
      method: 'GET',
      path: () => '/audit/export',
      query: (filters: AuditFilters) => ({ ...filters }),
      fileName: () => 'audit-trail.csv',
    }),
  },
} satisfies ResourceDefinition;
export default definition;

/** Who read personal data (menu 13): `GET /audit/reads` by the REST convention, read-only, newest first; its XLSX export. */
export const auditReads = {
  name: 'audit-reads',
  menu: 'settings',
  api: { rest: '/audit/reads' },
  bulk: { export: '/audit/reads/export' },
} satisfies ResourceDefinition;

declare module '../types' {
  interface DefinedCalls extends CallsOf<typeof definition> {}
}
