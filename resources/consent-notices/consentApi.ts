import type { ConsentDraft, ConsentRow, PublishedNotice, StaffRecordingBody } from '../../contract/consent';
import { callApi, downloadFile } from '../../dataProvider/http';

export interface FormListRow {
  _id: string;
  formRef: string;
  projectName: string;
  dpo: string;
  version: number | null;
  published_dt: string | null;
  changed: boolean;
  updated_dt: string;
}
export interface FormDetail {
  _id: string;
  formRef: string;
  companyId: string;
  draft: ConsentDraft;
  versions: { version: number; textHash: string; published_dt: string }[];
}
export interface ItemChoice {
  _id: string;
  name: string;
  sensitive: boolean;
  status: boolean;
}

/** Screen codes of the consent screens' error toasts (README "Privacy notices and consent"). */
export const CODES = {
  formList: 'CSF#001',
  formSave: 'CSF#002',
  formDelete: 'CSF#003',
  formPublish: 'CSF#004',
  formLoad: 'CSF#005',
  records: 'CSR#001',
  export: 'CSR#002',
  staffGive: 'CSR#003',
  staffWithdraw: 'CSR#004',
  staffNotice: 'CSR#005',
  publicLoad: 'CSP#001',
  publicGive: 'CSP#002',
  publicWithdraw: 'CSP#003',
} as const;

export const fetchForms = (page: number, search?: string) =>
  callApi<{ formlist: FormListRow[]; totalItem: { count: number } }>('/consents/form/list', { query: { currentPage: page, limit: 20, search } });
export const fetchForm = (formId: string) => callApi<{ data: FormDetail }>('/consents/form/detail', { query: { formId } }).then((r) => r.data);
export const saveForm = (draft: ConsentDraft, formId?: string) =>
  callApi<{ data: { _id: string; draft: ConsentDraft } }>('/consents/form/save', { method: 'POST', body: { formId, draft } }).then((r) => r.data);
export const publishForm = (formId: string) =>
  callApi<{ data: { version: number; textHash: string } }>('/consents/form/publish', { method: 'POST', body: { formId } }).then((r) => r.data);
export const deleteForm = (formId: string) => callApi('/consents/form/delete', { method: 'POST', body: { formId } });

/** The active items of one kind, for the builder's choices (items switched off are not offered). */
export async function fetchItems(type: 'source' | 'objective' | 'store'): Promise<ItemChoice[]> {
  const path = type === 'store' ? '/consents/list' : '/consents/object';
  const reply = await callApi<{ consents: ItemChoice[] }>(path, { query: { ...(type === 'store' ? {} : { type }), active: 'true', limit: 100 } });
  return reply.consents;
}
export const fetchDpos = () => callApi<{ dpo_list: { _id: string; name: string }[] }>('/user/dpoList', { query: { limit: 100 } }).then((r) => r.dpo_list);

export interface RecordFilters {
  search?: string;
  formId?: string;
  state?: string;
}
export const fetchRecords = (page: number, filters: RecordFilters) =>
  callApi<{ consentlist: ConsentRow[]; totalItem: { count: number } }>('/consents/manage/list', { query: { currentPage: page, limit: 20, ...filters } });

/** `GET /consents/manage/export` with the list's filters: the browser saves the CSV. */
export const downloadRecordsCsv = (filters: RecordFilters) =>
  downloadFile('/consents/manage/export', { query: { search: filters.search, formId: filters.formId } }, 'consent-records.csv');

/** One published version of a notice, as its public page showed it. */
export const fetchNoticeVersion = (formId: string, version: number) =>
  callApi<{ notice: PublishedNotice }>('/consents/form/version', { query: { formId, version } }).then((r) => r.notice);

/** How staff say a consent reached them, and where its proof is kept. */
export type StaffRecording = StaffRecordingBody;
export const staffGiveConsent = (body: StaffRecording & Record<string, unknown>) =>
  callApi<{ data: { given: string[]; version: number } }>('/consents/manage/give', { method: 'POST', body }).then((r) => r.data);
export const staffWithdrawConsent = (body: StaffRecording & Record<string, unknown>) =>
  callApi<{ data: { withdrawn: string[] } }>('/consents/manage/withdraw', { method: 'POST', body }).then((r) => r.data);

// ---- public pages (no sign-in) ------------------------------------------------------------------
export const fetchPublicForm = (formRef: string, formId: string) =>
  callApi<{ notice: PublishedNotice }>(`/consents/public/form/${encodeURIComponent(formRef)}/${encodeURIComponent(formId)}`).then((r) => r.notice);
export const fetchPolicy = (companyId: string, formId: string) =>
  callApi<{ notice: PublishedNotice }>(`/consents/public/policy/${encodeURIComponent(companyId)}/${encodeURIComponent(formId)}`).then((r) => r.notice);
export const giveConsent = (formRef: string, formId: string, body: unknown) =>
  callApi<{ data: { given: string[]; version: number } }>(`/consents/public/form/${encodeURIComponent(formRef)}/${encodeURIComponent(formId)}`, { method: 'POST', body }).then((r) => r.data);
export const withdrawConsent = (formRef: string, formId: string, body: unknown) =>
  callApi<{ data: { withdrawn: string[] } }>(`/consents/public/withdraw/${encodeURIComponent(formRef)}/${encodeURIComponent(formId)}`, { method: 'POST', body }).then((r) => r.data);

/** Where a notice's public pages are, for staff to share. */
export const publicFormPath = (f: { formRef: string; _id: string }) => `/consent/form/${f.formRef}/${f._id}`;
export const policyPath = (companyId: string, formId: string) => `/privacy-policy/${companyId}/${formId}`;
