import { useQuery } from '@tanstack/react-query';
import { useLocaleState } from 'react-admin';
import type { MenuItem } from '../../contract/auth';
import { callApi } from '../../dataProvider/http';

/** The user's menu as the server builds it from the role, in the current language. A failure is only logged (seed). */
export function useServerMenu() {
  const [locale] = useLocaleState();
  const query = useQuery({
    queryKey: ['user-menu', locale],
    queryFn: async () => {
      try {
        // the language is named here: the API client learns a new locale only after this query runs
        return (await callApi<{ menu: MenuItem[] }>('/user/menu', { headers: { 'Accept-Language': locale } })).menu;
      } catch (err) {
        console.error('menu load failed', err);
        throw err;
      }
    },
    staleTime: 60_000,
    retry: false,
  });
  return { menu: query.data ?? [], isPending: query.isPending, isError: query.isError };
}
