import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';

/** The company's cookie domains (shared by the tabs: one request). */
export function useCookieDomains() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({ queryKey: ['cookie-domains', 'list'], queryFn: () => dataProvider.cookieDomains() });
}

/** Where the banner script and the API are served from: this application's own origin. */
export const appOrigin = () => window.location.origin;
