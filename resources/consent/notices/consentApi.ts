import { useGetList, type RaRecord } from 'react-admin';
import type { StaffRecordingBody } from '../../../contract/consent';
import { DEFAULT_PAGE_SIZE } from '../../../contract/http';
import type { FormListRow } from './definition';

export type { FormDetail, FormListRow } from './definition';
export type { RecordFilters } from '../records/definition';
export interface ItemChoice {
  _id: string;
  name: string;
  /** the English name, when the register has one */
  name_en?: string;
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

/** How staff say a consent reached them, and where its proof is kept. */
export type StaffRecording = StaffRecordingBody;

/** Where a notice's public pages are, for staff to share. */
export const publicFormPath = (f: { formRef: string; _id: string }) => `/consent/form/${f.formRef}/${f._id}`;
export const policyPath = (companyId: string, formId: string) => `/privacy-policy/${companyId}/${formId}`;
/** The company's preference centre, where a data subject sees and withdraws their consents. */
export const preferencesPath = (companyId: string) => `/preferences/${companyId}`;

/** The first page of notices (as the list's first page shows them): the choices of a notice to record against. */
export function useNoticeChoices(options: { enabled?: boolean } = {}) {
  return useGetList<FormListRow & RaRecord>(
    'consent-notices',
    { pagination: { page: 1, perPage: DEFAULT_PAGE_SIZE }, sort: { field: 'updated_dt', order: 'DESC' } },
    options,
  );
}
