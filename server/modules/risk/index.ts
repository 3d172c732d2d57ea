import { defineModule } from '../../http/serverModule';
import { evaluationRoutes } from './evaluations';
import { exportRoutes } from './export';
import { handleRoutes } from './handle';
import { levelRoutes } from './levels';
import { masterRoutes } from './master';
import { matrixRoutes } from './matrix';

/** Risk management (menu 18): the seed's calls, and the regular REST ones for evaluations and the matrix. */
export default defineModule({
  name: 'risk',
  description: 'Risk management: levels, events, plans, matrix, evaluations (menu 18)',
  order: 50,
  routes: [...levelRoutes, ...masterRoutes, ...handleRoutes, ...matrixRoutes, ...evaluationRoutes, ...exportRoutes],
});
