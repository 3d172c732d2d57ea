import type { DsrTask, DsrTaskCreateBody, DsrTaskUpdateBody } from '../../../contract/dsrTasks';
import { apiCall, fileCall, type CallsOf, type ResourceDefinition } from '../../types';

/**
 * The tasks of data subject requests (consents, menu 5), by the REST convention: `/dsr-tasks` (a
 * request's tasks with `filter.requestId`, "my tasks" with `filter.mine`); adding one by hand, a task's
 * change and its evidence files are calls of their own.
 */
const definition = {
  name: 'dsr-tasks',
  menu: 'consents',
  api: { rest: '/dsr-tasks' },
  calls: {
    addDsrTask: apiCall({
      method: 'POST',
      path: () => '/dsr-tasks',
      body: (body: DsrTaskCreateBody) => body,
      reply: (body) => body.data as DsrTask,
    }),
    updateDsrTask: apiCall({
      method: 'PUT',
      path: ({ id }: DsrTaskUpdateBody & { id: string }) => `/dsr-tasks/${id}`,
      body: ({ id: _id, ...body }: DsrTaskUpdateBody & { id: string }) => body,
      reply: (body) => body.data as DsrTask,
    }),
    downloadDsrTaskFile: fileCall({
      method: 'GET',
      path: ({ taskId }: { taskId: string; fileId: string; name: string }) => `/dsr-tasks/${taskId}/file`,
      query: ({ fileId }: { taskId: string; fileId: string; name: string }) => ({ fileId }),
      fileName: ({ name }) => name,
    }),
  },
} satisfies ResourceDefinition;
export default definition;

declare module '../../types' {
  interface DefinedCalls extends CallsOf<typeof definition> {}
}
