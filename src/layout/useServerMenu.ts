import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useLocaleState } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';

/** The user's menu as the server builds it from the role, in the current language. A failure is only logged (seed). */
export function useServerMenu() {
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const query = useQuery({
    queryKey: ['user-menu', locale],
    queryFn: async () => {
      try {
        return await dataProvider.userMenu({ locale });
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
