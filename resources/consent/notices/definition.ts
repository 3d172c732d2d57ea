import type { RaRecord } from 'react-admin';
import type { ConsentDraft, PublishedNotice } from '../../../contract/consent';
import type { PreferenceConsent, PreferenceList } from '../../../contract/consentPreferences';
import type { TransferRecord } from '../../../contract/transfers';
import { apiCall, type ResourceDefinition, type CallsOf } from '../../types';
import { PUBLIC_API } from '../../../contract/publicPaths';

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

/** A search as typed, without its blanks (the list applies it while the box is typed in). */
const trimmed = (search: unknown) => (typeof search === 'string' && search.trim()) || undefined;
const withId = <T extends { _id: string }>(row: T) => ({ ...row, id: row._id });
const noticeOf = (body: Record<string, unknown>) => body.notice as PublishedNotice;

/**
 * Privacy notices (consents, menu 5): the seed's list, detail and delete; saving a draft, publishing a
 * version and reading one; and the public pages' calls (a notice's form and policy, give and withdraw).
 */
const definition = {
  name: 'consent-notices',
  menu: 'consents',
  api: {
    getList: {
      method: 'GET',
      path: () => '/consents/form/list',
      query: ({ pagination, filter }) => ({ currentPage: pagination?.page ?? 1, limit: pagination?.perPage ?? 20, search: trimmed(filter?.search) }),
      reply: (body) => ({ data: (body.formlist as FormListRow[]).map(withId), total: (body.totalItem as { count: number }).count }),
    },
    getOne: {
      method: 'GET',
      path: () => '/consents/form/detail',
      query: ({ id }) => ({ formId: String(id) }),
      reply: (body) => ({ data: withId(body.data as FormDetail) as RaRecord }),
    },
    delete: {
      method: 'POST',
      path: () => '/consents/form/delete',
      body: ({ id }) => ({ formId: String(id) }),
      reply: (_body, { id, previousData }) => ({ data: previousData ?? { id } }),
    },
  },
  calls: {
    /** saves a draft (a new notice without `formId`): the draft as kept, and the notice's id */
    saveConsentNotice: apiCall({
      method: 'POST',
      path: () => '/consents/form/save',
      body: ({ formId, draft }: { formId?: string; draft: ConsentDraft }) => ({ formId, draft }),
      reply: (body) => body.data as { _id: string; draft: ConsentDraft },
    }),
    /** freezes the saved draft as a new version (400 naming the s.23 items missing) */
    publishConsentNotice: apiCall({
      method: 'POST',
      path: () => '/consents/form/publish',
      body: ({ formId }: { formId: string }) => ({ formId }),
      reply: (body) => body.data as { version: number; textHash: string },
    }),
    /** the register's transfers abroad the draft names (`ids`, in their order), then the first others found by `search` */
    noticeTransfers: apiCall({
      method: 'GET',
      path: () => '/consents/form/transfers',
      query: ({ search, ids }: { search?: string; ids: readonly string[] }) => ({
        search: trimmed(search),
        ids: ids.length ? JSON.stringify(ids) : undefined,
      }),
      reply: (body) => body.data as TransferRecord[],
    }),
    /** one published version of a notice, as its public page showed it */
    consentNoticeVersion: apiCall({
      method: 'GET',
      path: () => '/consents/form/version',
      query: ({ formId, version }: { formId: string; version: number }) => ({ formId, version }),
      reply: noticeOf,
    }),
    // ---- the public pages (no sign-in) ----
    publicConsentNotice: apiCall({
      method: 'GET',
      path: ({ formRef, formId }: { formRef: string; formId: string }) => PUBLIC_API.consentForm(formRef, formId),
      reply: noticeOf,
    }),
    privacyPolicy: apiCall({
      method: 'GET',
      path: ({ companyId, formId }: { companyId: string; formId: string }) => PUBLIC_API.privacyPolicy(companyId, formId),
      reply: noticeOf,
    }),
    givePublicConsent: apiCall({
      method: 'POST',
      path: ({ formRef, formId }: { formRef: string; formId: string; body: unknown }) => PUBLIC_API.consentForm(formRef, formId),
      body: ({ body }) => body,
      reply: (body) => body.data as { given: string[]; version: number },
    }),
    withdrawPublicConsent: apiCall({
      method: 'POST',
      path: ({ formRef, formId }: { formRef: string; formId: string; body: unknown }) => PUBLIC_API.consentWithdraw(formRef, formId),
      body: ({ body }) => body,
      reply: (body) => body.data as { withdrawn: string[] },
    }),
    // ---- the preference centre (`/preferences/:companyId`) ----
    /** e-mails the subject a one-time code */
    askPreferenceCode: apiCall({
      method: 'POST',
      path: ({ companyId }: { companyId: string; email: string; lang: string }) => PUBLIC_API.preferences(companyId, 'code'),
      body: ({ email, lang }) => ({ email, lang }),
      reply: (body) => body as unknown as { verificationId: string; email: string; expiresAt: string },
    }),
    /** the code back, for a token of 30 minutes */
    verifyPreferenceCode: apiCall({
      method: 'POST',
      path: ({ companyId }: { companyId: string; verificationId: string; code: string }) => PUBLIC_API.preferences(companyId, 'verify'),
      body: ({ verificationId, code }) => ({ verificationId, code }),
      reply: (body) => body as unknown as { token: string; expiresAt: string },
    }),
    preferenceConsents: apiCall({
      method: 'POST',
      path: ({ companyId }: { companyId: string; token: string; lang: string }) => PUBLIC_API.preferences(companyId, 'consents'),
      body: ({ token, lang }) => ({ token, lang }),
      reply: (body) => body as unknown as PreferenceList,
    }),
    withdrawPreference: apiCall({
      method: 'POST',
      path: ({ companyId }: { companyId: string; token: string; consentId: string; lang: string }) => PUBLIC_API.preferences(companyId, 'withdraw'),
      body: ({ token, consentId, lang }) => ({ token, consentId, lang }),
      reply: (body) => body.consent as PreferenceConsent,
    }),
  },
} satisfies ResourceDefinition;
export default definition;

declare module '../../types' {
  interface DefinedCalls extends CallsOf<typeof definition> {}
}
