import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDataProvider, useLocaleState } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';

/** The company's cookie domains (shared by the tabs: one request). */
export function useCookieDomains() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({ queryKey: ['cookie-domains', 'list'], queryFn: () => dataProvider.cookieDomains() });
}

/**
 * The categories' names in the reader's language, as the domains' settings give them (the chosen
 * domain's first): `keys` in their settings' order, `name(key)` — the key itself when no domain names it; a
 * service's choice key (`marketing.meta`) is named "category · service".
 */
export function useCategoryNames(domainId?: string) {
  const domains = useCookieDomains();
  const [locale] = useLocaleState();
  return useMemo(() => {
    const names = new Map<string, string>();
    const ordered = [...(domains.data ?? [])].sort((a, b) => Number(b._id === domainId) - Number(a._id === domainId));
    const services = new Map<string, string>();
    for (const d of ordered)
      for (const c of d.categories ?? []) {
        if (!names.has(c.key)) names.set(c.key, (locale === 'en' ? c.name.en : c.name.th) || c.name.th);
        for (const s of c.services ?? []) if (!services.has(`${c.key}.${s.key}`)) services.set(`${c.key}.${s.key}`, s.name);
      }
    // a service's choice (`marketing.meta`) is named by its category and its own name
    const name = (key: string) => {
      const dot = key.indexOf('.');
      if (dot < 0) return names.get(key) ?? key;
      return `${names.get(key.slice(0, dot)) ?? key.slice(0, dot)} · ${services.get(key) ?? key.slice(dot + 1)}`;
    };
    return { keys: [...names.keys()], name };
  }, [domains.data, domainId, locale]);
}

/** Where the banner script and the API are served from: this application's own origin. */
export const appOrigin = () => window.location.origin;
