import type { DsrForm, DsrFormInput, DsrRequestDetail, DsrRequestRow, DsrStateChangeBody } from '../../contract/dsr';
import { callApi, downloadFile } from '../../dataProvider/http';

/** The DSR calls of the staff screens (menu 5). */
export const SCREEN = {
  list: 'DSR#001',
  state: 'DSR#002',
  extend: 'DSR#003',
  assign: 'DSR#004',
  export: 'DSR#005',
  remove: 'DSR#006',
  file: 'DSR#007',
  formList: 'DSRF#001',
  formSave: 'DSRF#002',
  formDelete: 'DSRF#003',
} as const;

export interface ListFilters {
  page: number;
  statusId?: number;
  overdue?: boolean;
  search?: string;
}
const listQuery = (f: Omit<ListFilters, 'page'>) => ({
  statusId: f.statusId,
  overdue: f.overdue ? 'true' : undefined,
  search: f.search?.trim() ? f.search.trim() : undefined,
});

export const fetchRequests = (f: ListFilters) =>
  callApi<{ requestList: DsrRequestRow[]; totalItem: number }>('/consents/datasubject/list', {
    query: { currentPage: f.page, limit: 20, ...listQuery(f) },
  });
export const fetchRequest = (requestId: string) =>
  callApi<{ request: DsrRequestDetail }>('/consents/datasubject/state', { query: { requestId } }).then((r) => r.request);
export const changeState = (body: DsrStateChangeBody) =>
  callApi<{ request: DsrRequestDetail }>('/consents/datasubject/state', { method: 'POST', body }).then((r) => r.request);
export const extendRequest = (body: { requestId: string; days: number; reason: string }) =>
  callApi<{ request: DsrRequestDetail }>('/consents/datasubject/extend', { method: 'POST', body }).then((r) => r.request);
export const assignRequest = (body: { requestId: string; assigneeId: string | null }) =>
  callApi<{ request: DsrRequestDetail }>('/consents/datasubject/assign', { method: 'PUT', body }).then((r) => r.request);
export const deleteRequest = (requestId: string) => callApi('/consents/datasubject/state', { method: 'DELETE', query: { requestId } });
export const fetchAssignees = () =>
  callApi<{ assignees: { _id: string; name: string }[] }>('/consents/datasubject/assignees').then((r) => r.assignees);

export const fetchForms = (page: number) =>
  callApi<{ formList: DsrForm[]; totalItem: number }>('/consents/datasubject/fetch/list', { query: { currentPage: page, limit: 20 } });
export const saveForm = (input: DsrFormInput, dataId?: string) =>
  callApi<{ data: DsrForm }>('/consents/datasubject/form', { method: dataId ? 'PUT' : 'POST', body: dataId ? { ...input, dataId } : input });
export const deleteForm = (dataId: string) => callApi('/consents/datasubject/form', { method: 'DELETE', query: { dataId } });

export const exportRequests = (f: Omit<ListFilters, 'page' | 'search'>) =>
  downloadFile('/consents/datasubject/export', { query: listQuery(f) }, 'data-subject-requests.csv');
export const downloadEvidence = (requestId: string, fileId: string, name: string) =>
  downloadFile('/consents/datasubject/file', { query: { requestId, fileId } }, name);

/** A chosen file as the calls carry it: its name and its bytes in base64. */
export function readFileInput(file: File): Promise<{ name: string; contentBase64: string }> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ name: file.name, contentBase64: String(reader.result).replace(/^data:[^,]*,/, '') });
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
