import { defineModule } from '../../http/serverModule';
import { dashboardRoutes } from './routes';

export default defineModule({
  name: 'dashboard',
  description: "The dashboard: the seed's eight feeds under /user/dashboard/, the compliance posture, the board report (menu 2)",
  order: 190,
  routes: dashboardRoutes,
});
