import { COMPANY_SAVE_FIELDS, type CompanyDetailInput, type CompanyFetchReply } from '../../contract/company';
import { apiCall, type ResourceDefinition, type CallsOf } from '../types';

/** The session's company (settings, menu 13): its profile and logo, read by any signed-in person. */
const definition = {
  name: 'company-settings',
  menu: 'settings',
  api: {},
  calls: {
    /** `GET /setting/company/fetch`: the profile, its logo address and whether it has been filled in */
    companyProfile: apiCall({
      method: 'GET',
      path: () => '/setting/company/fetch',
      reply: (body) => body as CompanyFetchReply,
    }),
    /** `POST /setting/company/save` (multipart): the profile as JSON text, the new logo when one was chosen */
    saveCompanyProfile: apiCall({
      method: 'POST',
      path: () => '/setting/company/save',
      body: ({ detail, logo }: { detail: CompanyDetailInput; logo?: File }) => {
        const form = new FormData();
        form.append(COMPANY_SAVE_FIELDS.detail, JSON.stringify(detail));
        if (logo) form.append(COMPANY_SAVE_FIELDS.file, logo, logo.name);
        return form;
      },
      reply: (body) => body as CompanyFetchReply,
    }),
  },
} satisfies ResourceDefinition;
export default definition;

declare module '../types' {
  interface DefinedCalls extends CallsOf<typeof definition> {}
}
