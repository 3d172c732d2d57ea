import { useQuery } from '@tanstack/react-query';
import { useLocaleState } from 'react-admin';
import type { LevelDetail, RiskCategory } from '../../contract/risk';
import { callApi } from '../../dataProvider/http';

/** The query of a category's level names: one cache entry per category and language. */
export const levelNamesQuery = (category: RiskCategory, locale: string) => ({
  queryKey: ['risk-levels', category, locale],
  queryFn: async () =>
    (
      await callApi<{ levelDetail: LevelDetail }>('/datarisk/level/list', {
        query: { type: category },
        headers: { 'Accept-Language': locale },
      })
    ).levelDetail,
  retry: false,
});

/** The company's level names of one category (defaults in the reader's language until saved). */
export function useLevelNames(category: RiskCategory) {
  const [locale] = useLocaleState();
  return useQuery(levelNamesQuery(category, locale));
}

export const saveLevelNames = (type: RiskCategory, detail: LevelDetail) =>
  callApi('/datarisk/level/update', { method: 'POST', body: { type, detail } });
