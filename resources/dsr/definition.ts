import type { RaRecord } from 'react-admin';
import type { DsrAddBody, DsrPublicForm, DsrRequestDetail, DsrRequestRow, DsrStateChangeBody } from '../../contract/dsr';
import { apiCall, fileCall, type ResourceDefinition, type CallsOf } from '../types';
import { PUBLIC_API } from '../../contract/publicPaths';
import type { DsrIntakeBody } from '../../contract/dsrIntake';

/** A public request waiting for its e-mailed code. */
export interface DsrPending {
  verificationId: string;
  email: string;
  expiresAt: string;
}
import type { DsrPack, DsrPackSendBody } from '../../contract/dsrPack';

/** The list's filters as the calls take them (blank ones left out). */
export interface DsrListFilter {
  statusId?: number;
  overdue?: boolean;
  open?: boolean;
  dueSoon?: boolean;
  /** received on or after this Bangkok day (`YYYY-MM-DD`) */
  from?: string;
  /** received on or before this Bangkok day */
  to?: string;
  search?: string;
}
const listQuery = (f: DsrListFilter = {}) => ({
  statusId: f.statusId || undefined,
  overdue: f.overdue ? 'true' : undefined,
  open: f.open ? 'true' : undefined,
  dueSoon: f.dueSoon ? 'true' : undefined,
  from: f.from || undefined,
  to: f.to || undefined,
  search: f.search?.trim() ? f.search.trim() : undefined,
});
const withId = <T extends { _id: string }>(row: T) => ({ ...row, id: row._id });
const detailReply = (body: Record<string, unknown>) => withId(body.request as DsrRequestDetail);

/**
 * Data subject requests (consents, menu 5): the seed's list and detail, the state machine's calls,
 * the export and evidence files; and the public pages' calls (a published form, a request, tracking).
 */
const definition = {
  name: 'dsr-requests',
  menu: 'consents',
  bulk: { export: '/consents/datasubject/list/export' },
  api: {
    getList: {
      method: 'GET',
      path: () => '/consents/datasubject/list',
      query: ({ pagination, filter }) => ({ currentPage: pagination?.page ?? 1, limit: pagination?.perPage ?? 20, ...listQuery(filter) }),
      reply: (body) => ({ data: (body.requestList as DsrRequestRow[]).map(withId), total: body.totalItem as number }),
    },
    getOne: {
      method: 'GET',
      path: () => '/consents/datasubject/state',
      query: ({ id }) => ({ requestId: String(id) }),
      reply: (body) => ({ data: detailReply(body) as RaRecord }),
    },
    delete: {
      method: 'DELETE',
      path: () => '/consents/datasubject/state',
      query: ({ id }) => ({ requestId: String(id) }),
      reply: (_body, { id, previousData }) => ({ data: previousData ?? { id } }),
    },
  },
  calls: {
    changeDsrState: apiCall({
      method: 'POST',
      path: () => '/consents/datasubject/state',
      body: (body: DsrStateChangeBody) => body,
      reply: detailReply,
    }),
    extendDsrRequest: apiCall({
      method: 'POST',
      path: () => '/consents/datasubject/extend',
      body: (body: { requestId: string; days: number; reason: string }) => body,
      reply: detailReply,
    }),
    assignDsrRequest: apiCall({
      method: 'PUT',
      path: () => '/consents/datasubject/assign',
      body: (body: { requestId: string; assigneeId: string | null }) => body,
      reply: detailReply,
    }),
    dsrAssignees: apiCall({
      method: 'GET',
      path: () => '/consents/datasubject/assignees',
      reply: (body) => body.assignees as { _id: string; name: string }[],
    }),
    /** the CSV of the requests the list shows: its search and filters */
    exportDsrRequests: fileCall({
      method: 'GET',
      path: () => '/consents/datasubject/export',
      query: (filter: DsrListFilter) => listQuery(filter),
      fileName: () => 'data-subject-requests.csv',
    }),
    downloadDsrEvidence: fileCall({
      method: 'GET',
      path: () => '/consents/datasubject/file',
      query: ({ requestId, fileId }: { requestId: string; fileId: string; name: string }) => ({ requestId, fileId }),
      fileName: ({ name }) => name,
    }),
    // ---- the access pack of an access or portability request ----
    dsrAccessPack: apiCall({
      method: 'GET',
      path: () => '/consents/datasubject/pack',
      query: ({ requestId }: { requestId: string }) => ({ requestId }),
      reply: (body) => body.pack as DsrPack | null,
    }),
    buildDsrAccessPack: apiCall({
      method: 'POST',
      path: () => '/consents/datasubject/pack',
      body: (body: { requestId: string }) => body,
      reply: (body) => body.pack as DsrPack,
    }),
    sendDsrAccessPack: apiCall({
      method: 'POST',
      path: () => '/consents/datasubject/pack/send',
      body: (body: DsrPackSendBody) => body,
      reply: (body) => body.pack as DsrPack,
    }),
    downloadDsrPackLetter: fileCall({
      method: 'GET',
      path: () => '/consents/datasubject/pack/letter',
      query: ({ requestId }: { requestId: string; referenceCode: string }) => ({ requestId }),
      fileName: ({ referenceCode }) => `${referenceCode}-access-letter.pdf`,
    }),
    downloadDsrPackData: fileCall({
      method: 'GET',
      path: () => '/consents/datasubject/pack/data',
      query: ({ requestId }: { requestId: string; referenceCode: string }) => ({ requestId }),
      fileName: ({ referenceCode }) => `${referenceCode}-access-data.zip`,
    }),
    // ---- the public pages (no sign-in) ----
    dsrPublicForm: apiCall({
      method: 'GET',
      path: ({ formId }: { formId: string }) => PUBLIC_API.dsrForm(formId),
      reply: (body) => body.form as DsrPublicForm,
    }),
    /** the request is kept until the code e-mailed to the requester comes back */
    submitDsrRequest: apiCall({
      method: 'POST',
      path: () => '/consents/datasubject/add',
      body: (body: DsrAddBody) => body,
      reply: (body) => body as unknown as DsrPending,
    }),
    verifyDsrRequest: apiCall({
      method: 'POST',
      path: () => '/consents/datasubject/verify',
      body: (body: { verificationId: string; code: string }) => body,
      reply: (body) => body as { referenceCode: string; dueAt: string },
    }),
    resendDsrCode: apiCall({
      method: 'POST',
      path: () => '/consents/datasubject/verify/resend',
      body: (body: { verificationId: string }) => body,
      reply: (body) => body as unknown as DsrPending,
    }),
    /** staff record a request received by e-mail, telephone, post or in person */
    intakeDsrRequest: apiCall({
      method: 'POST',
      path: () => '/consents/datasubject/intake',
      body: (body: DsrIntakeBody) => body,
      reply: (body) => body as { requestId: string; referenceCode: string; dueAt: string },
    }),
    trackDsrRequest: apiCall({
      method: 'POST',
      path: () => '/consents/datasubject/tracking',
      body: (body: { referenceCode: string; email: string }) => body,
      reply: (body) => body as { referenceCode: string; statusId: number; history: { statusId: number; at: string }[] },
    }),
  },
} satisfies ResourceDefinition;
export default definition;

declare module '../types' {
  interface DefinedCalls extends CallsOf<typeof definition> {}
}
