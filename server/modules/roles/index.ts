import { defineModule } from '../../http/serverModule';
import { roleRoutes } from './routes';

export default defineModule({
  name: 'roles',
  description: 'Roles and their rights (menu 14)',
  order: 70,
  routes: roleRoutes,
});
