import type { RetentionCompleteBody, RetentionItem } from '../../../contract/retention';
import { apiCall, fileCall, type CallsOf, type ResourceDefinition } from '../../types';

const at = (id: string, tail = '') => `/retention-due/${encodeURIComponent(id)}${tail}`;

/**
 * The due-for-deletion queue (menu 16) by the REST convention under `/retention-due`; completing an
 * item with its evidence, and its deletion record (PDF).
 */
const definition = {
  name: 'retention-due',
  menu: 'dataManage',
  api: { rest: '/retention-due' },
  calls: {
    completeRetentionItem: apiCall({
      method: 'POST',
      path: ({ id }: RetentionCompleteBody & { id: string }) => at(id, '/complete'),
      body: ({ id: _, ...body }) => body,
      reply: (body) => body.data as RetentionItem,
    }),
    deletionRecord: fileCall({
      method: 'GET',
      path: ({ id }: { id: string; dueOn: string }) => at(id, '/record'),
      fileName: ({ dueOn }) => `deletion-record-${dueOn}.pdf`,
    }),
  },
} satisfies ResourceDefinition;
export default definition;

declare module '../../types' {
  interface DefinedCalls extends CallsOf<typeof definition> {}
}
