import type { AuditEntry } from '../../contract/audit';
import type { ResourceDefinition } from '../types';

/** The audit trail (settings, menu 13): read-only, listed by its filters, newest first. */
export default {
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
} satisfies ResourceDefinition;
