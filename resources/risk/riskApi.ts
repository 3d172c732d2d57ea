import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useLocaleState } from 'react-admin';
import type { RiskCategory } from '../../contract/risk';
import type { AppDataProvider } from '../../dataProvider';

/** The query of a category's level names: one cache entry per category and language. */
export const levelNamesQuery = (dataProvider: AppDataProvider, category: RiskCategory, locale: string) => ({
  queryKey: ['risk-levels', category, locale],
  queryFn: () => dataProvider.riskLevelNames({ category, locale }),
  retry: false,
});

/** The company's level names of one category (defaults in the reader's language until saved). */
export function useLevelNames(category: RiskCategory) {
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery(levelNamesQuery(dataProvider, category, locale));
}
