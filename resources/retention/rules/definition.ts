import type { RetentionChoices, RopaRetention } from '../../../contract/retention';
import { apiCall, type CallsOf, type ResourceDefinition } from '../../types';

/**
 * The retention rules (menu 16) by the REST convention under `/retention-rules`; the choices the
 * schedule's forms pick from, and what the rules say of a ROPA activity's categories (menu 11).
 */
const definition = {
  name: 'retention-rules',
  menu: 'dataManage',
  api: { rest: '/retention-rules' },
  calls: {
    retentionChoices: apiCall({ method: 'GET', path: () => '/retention-choices', reply: (body) => body as unknown as RetentionChoices }),
    ropaRetention: apiCall({
      method: 'GET',
      path: (_: { categoryIds: string[] }) => '/ropa-retention',
      query: ({ categoryIds }) => ({ categoryIds: categoryIds.join(',') }),
      reply: (body) => body as unknown as RopaRetention,
    }),
  },
} satisfies ResourceDefinition;
export default definition;

declare module '../../types' {
  interface DefinedCalls extends CallsOf<typeof definition> {}
}
