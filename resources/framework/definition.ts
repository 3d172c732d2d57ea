import type { FrameworkEvidence, FrameworkEvidenceBody, FrameworkSnapshot } from '../../contract/framework';
import { apiCall, type CallsOf, type ResourceDefinition } from '../types';

/**
 * The PDPA control framework (the dashboard's, menu 2): its requirements by the REST convention under
 * `/framework/requirements` (the list and the drill-down), the kept score, a refresh and evidence.
 */
const definition = {
  name: 'framework-requirements',
  menu: 'dashboard',
  api: { rest: '/framework/requirements' },
  calls: {
    frameworkSnapshot: apiCall({ method: 'GET', path: () => '/framework', reply: (body) => body.data as FrameworkSnapshot }),
    refreshFramework: apiCall({
      method: 'POST',
      path: () => '/framework/refresh',
      body: () => ({}),
      reply: (body) => body.data as FrameworkSnapshot,
    }),
    addFrameworkEvidence: apiCall({
      method: 'POST',
      path: (_: FrameworkEvidenceBody) => '/framework/evidence',
      body: (body) => body,
      reply: (body) => body.data as FrameworkEvidence,
    }),
  },
} satisfies ResourceDefinition;
export default definition;

declare module '../types' {
  interface DefinedCalls extends CallsOf<typeof definition> {}
}
