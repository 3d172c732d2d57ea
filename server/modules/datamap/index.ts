import { defineModule } from '../../http/serverModule';
import { systemRoutes } from './systems';

export default defineModule({
  name: 'datamap',
  description: "The data map's systems and data sets (menu 16)",
  order: 150,
  routes: systemRoutes,
});
