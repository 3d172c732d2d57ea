/**
 * The API paths of the data subjects' public pages' reads, without zod: the resource definitions call
 * them, and the first load of a public page starts its read with the page's code (src/pages/publicPages.ts).
 */
const part = encodeURIComponent;

export const PUBLIC_API = {
  /** a published request form (`/datasubject/form/:formId`) */
  dsrForm: (formId: string) => `/consents/datasubject/public/${part(formId)}`,
  /** a published notice's consent form, and withdrawing under it (`/consent/form/:formRef/:formId`) */
  consentForm: (formRef: string, formId: string) => `/consents/public/form/${part(formRef)}/${part(formId)}`,
  consentWithdraw: (formRef: string, formId: string) => `/consents/public/withdraw/${part(formRef)}/${part(formId)}`,
  /** a published notice as a privacy policy (`/privacy-policy/:companyId/:formId`) */
  privacyPolicy: (companyId: string, formId: string) => `/consents/public/policy/${part(companyId)}/${part(formId)}`,
  /** the company's preference centre (`/preferences/:companyId`): a code, then the subject's consents and withdrawing one */
  preferences: (companyId: string, step: 'code' | 'verify' | 'consents' | 'withdraw') => `/consents/public/preferences/${part(companyId)}/${step}`,
};
