import type { ResourceDefinition } from '../../types';

/** The company's 5x5 risk matrix: one record, `company`, by the regular REST convention. */
export default { name: 'risk-matrix', menu: 'riskManagement', api: { rest: '/risk-matrix' } } satisfies ResourceDefinition;
