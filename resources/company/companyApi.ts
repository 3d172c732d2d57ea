import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';

/** The one cache entry of the session's company: the dashboard reads it too. */
const COMPANY_QUERY_KEY = ['company'];

/** The profile, its logo address and whether it has been filled in. */
export function useCompanyProfile() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({ queryKey: COMPANY_QUERY_KEY, queryFn: () => dataProvider.companyProfile(), retry: false });
}

/** Saves the profile (and the new logo when one was chosen); the cached profile becomes the reply. */
export function useSaveCompanyProfile() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dataProvider.saveCompanyProfile,
    onSuccess: (reply) => queryClient.setQueryData(COMPANY_QUERY_KEY, reply),
  });
}
