import { useQuery, useQueryClient } from '@tanstack/react-query';
import { COMPANY_SAVE_FIELDS, type CompanyDetailInput, type CompanyFetchReply } from '../../contract/company';
import { callApi } from '../../dataProvider/http';

/** The one cache entry of the session's company: the dashboard reads it too. */
export const COMPANY_QUERY_KEY = ['company'];

/** `GET /setting/company/fetch`: the profile, its logo address and whether it has been filled in. */
export const useCompanyProfile = () =>
  useQuery({
    queryKey: COMPANY_QUERY_KEY,
    queryFn: () => callApi<CompanyFetchReply>('/setting/company/fetch'),
    retry: false,
  });

/** `POST /setting/company/save` (multipart): the profile as JSON text, the new logo when one was chosen. */
export function useSaveCompanyProfile() {
  const queryClient = useQueryClient();
  return async (detail: CompanyDetailInput, logo: File | undefined) => {
    const form = new FormData();
    form.append(COMPANY_SAVE_FIELDS.detail, JSON.stringify(detail));
    if (logo) form.append(COMPANY_SAVE_FIELDS.file, logo, logo.name);
    const reply = await callApi<CompanyFetchReply>('/setting/company/save', { method: 'POST', body: form });
    queryClient.setQueryData(COMPANY_QUERY_KEY, reply);
    return reply;
  };
}
