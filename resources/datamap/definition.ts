import type { SystemChoices } from '../../contract/datamap';
import { apiCall, type ResourceDefinition } from '../types';

/** The data map's systems and data sets (menu 16), by the REST convention: `/datamap-systems`. */
export default {
  name: 'datamap-systems',
  menu: 'dataManage',
  api: { rest: '/datamap-systems' },
  calls: {
    datamapChoices: apiCall({ method: 'GET', path: () => '/datamap-choices', reply: (body) => body as unknown as SystemChoices }),
  },
} satisfies ResourceDefinition;
