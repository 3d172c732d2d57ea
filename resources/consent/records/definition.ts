import type { ConsentRow, StaffRecordingBody } from '../../../contract/consent';
import { apiCall, fileCall, type ResourceDefinition, type CallsOf } from '../../types';

export interface RecordFilters {
  search?: string;
  formId?: string;
  state?: string;
  /** the records made (given or withdrawn) on the Bangkok days from..to: the dashboard's figures */
  action?: string;
  from?: string;
  to?: string;
  /** 'true': the consents in force whose retention ends or re-consent falls due within 30 days (the dashboard's expire-consent) */
  expiring?: string;
}

/** The filters a link carries (`?action=given&from=2026-01-01&to=2026-11-25&formId=…`): the dashboard's figures link so. */
export const URL_FILTERS = ['formId', 'state', 'action', 'from', 'to', 'expiring'] as const;

/** The list's filters as the calls take them: a search without its blanks, blank ones left out. */
const recordQuery = (filter: RecordFilters = {}) =>
  Object.fromEntries(Object.entries({ ...filter, search: filter.search?.trim() }).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string
  >;

/**
 * Each data subject's consent per purpose (consents, menu 5): the seed's list, its CSV, and consent
 * given or withdrawn on paper, by phone, in person or by e-mail, recorded by staff.
 */
const definition = {
  name: 'consent-records',
  menu: 'consents',
  api: {
    getList: {
      method: 'GET',
      path: () => '/consents/manage/list',
      query: ({ pagination, filter }) => ({ currentPage: pagination?.page ?? 1, limit: pagination?.perPage ?? 20, ...recordQuery(filter) }),
      reply: (body) => ({
        data: (body.consentlist as ConsentRow[]).map((row) => ({ ...row, id: row._id })),
        total: (body.totalItem as { count: number }).count,
      }),
    },
  },
  calls: {
    /** `GET /consents/manage/export` with the list's filters: the CSV */
    exportConsentRecords: fileCall({
      method: 'GET',
      path: () => '/consents/manage/export',
      query: (filters: RecordFilters) => recordQuery(filters),
      fileName: () => 'consent-records.csv',
    }),
    staffGiveConsent: apiCall({
      method: 'POST',
      path: () => '/consents/manage/give',
      body: (body: StaffRecordingBody & Record<string, unknown>) => body,
      reply: (body) => body.data as { given: string[]; version: number },
    }),
    staffWithdrawConsent: apiCall({
      method: 'POST',
      path: () => '/consents/manage/withdraw',
      body: (body: StaffRecordingBody & Record<string, unknown>) => body,
      reply: (body) => body.data as { withdrawn: string[] },
    }),
  },
} satisfies ResourceDefinition;
export default definition;

declare module '../../types' {
  interface DefinedCalls extends CallsOf<typeof definition> {}
}
