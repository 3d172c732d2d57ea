import type { DsrForm, DsrFormInput, DsrRequestDetail, DsrRequestRow, DsrStateChangeBody } from '../../contract/dsr';
import { apiUrl, callApi, ApiFailure } from '../../dataProvider/http';
import { readSession } from '../../src/auth/session';

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

/** A GET whose reply is a file (CSV, evidence): saved by the browser. */
export async function downloadGet(path: string, query: Record<string, string | number | undefined>, fallbackName: string, locale: string) {
  const session = readSession();
  const response = await fetch(apiUrl(path, query), {
    headers: {
      'X-Requested-With': 'XMLHttpRequest',
      'Accept-Language': locale,
      ...(session ? { Authorization: `Bearer ${session.access_token}` } : {}),
    },
  }).catch(() => {
    throw new ApiFailure(0, undefined, 'errors.network');
  });
  if (!response.ok) {
    const reply = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    const msg = typeof reply.msg === 'string' ? reply.msg : undefined;
    throw new ApiFailure(response.status, msg, msg ? undefined : 'errors.generic', reply);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const name = star ? decodeURIComponent(star) : (/filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName);
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export const exportRequests = (f: Omit<ListFilters, 'page' | 'search'>, locale: string) =>
  downloadGet('/consents/datasubject/export', listQuery(f), 'data-subject-requests.csv', locale);
export const downloadEvidence = (requestId: string, fileId: string, name: string, locale: string) =>
  downloadGet('/consents/datasubject/file', { requestId, fileId }, name, locale);

/** A chosen file as the calls carry it: its name and its bytes in base64. */
export function readFileInput(file: File): Promise<{ name: string; contentBase64: string }> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ name: file.name, contentBase64: String(reader.result).replace(/^data:[^,]*,/, '') });
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
