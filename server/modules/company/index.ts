import { defineModule } from '../../http/serverModule';
import { companyRoutes } from './routes';

export default defineModule({
  name: 'company',
  description: 'Company settings and logo (menu 13)',
  order: 40,
  routes: ({ config }) => companyRoutes(config),
});
