import type { SystemChoices } from '../../contract/datamap';
import { apiCall, type ResourceDefinition, type CallsOf } from '../types';

/** The data map's systems and data sets (menu 16), by the REST convention: `/datamap-systems`. */
const definition = {
  name: 'datamap-systems',
  menu: 'dataManage',
  api: { rest: '/datamap-systems' },
  bulk: { import: '/datamap-systems', export: '/datamap-systems/export' },
  calls: {
    datamapChoices: apiCall({ method: 'GET', path: () => '/datamap-choices', reply: (body) => body as unknown as SystemChoices }),
  },
} satisfies ResourceDefinition;
export default definition;

declare module '../types' {
  interface DefinedCalls extends CallsOf<typeof definition> {}
}
