import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';

const SSO_QUERY_KEY = ['sso-settings'];

/** The company's single sign-on settings and the form's choices. */
export function useSsoSettings() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({ queryKey: SSO_QUERY_KEY, queryFn: () => dataProvider.ssoSettings(), retry: false });
}

/** Saves them; the cached settings become the reply. */
export function useSaveSsoSettings() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dataProvider.saveSsoSettings,
    onSuccess: (reply) => queryClient.setQueryData(SSO_QUERY_KEY, reply),
  });
}
