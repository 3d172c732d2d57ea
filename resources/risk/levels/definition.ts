import type { LevelDetail, RiskCategory } from '../../../contract/risk';
import { apiCall, type ResourceDefinition, type CallsOf } from '../../types';

/** The names of the five impact levels of each risk category (risk management, menu 18). */
const definition = {
  name: 'risk-levels',
  menu: 'riskManagement',
  api: {},
  calls: {
    /** a category's level names: the company's, or the defaults in `locale` until saved */
    riskLevelNames: apiCall({
      method: 'GET',
      path: () => '/datarisk/level/list',
      query: ({ category }: { category: RiskCategory; locale: string }) => ({ type: category }),
      // named here: the API client learns a new language only after the screens re-render
      headers: ({ locale }) => ({ 'Accept-Language': locale }),
      reply: (body) => body.levelDetail as LevelDetail,
    }),
    saveRiskLevelNames: apiCall({
      method: 'POST',
      path: () => '/datarisk/level/update',
      body: ({ category, detail }: { category: RiskCategory; detail: LevelDetail }) => ({ type: category, detail }),
      reply: () => undefined,
    }),
  },
} satisfies ResourceDefinition;
export default definition;

declare module '../../types' {
  interface DefinedCalls extends CallsOf<typeof definition> {}
}
