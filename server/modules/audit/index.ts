import { defineModule } from '../../http/serverModule';
import { auditRoutes } from './routes';

export default defineModule({
  name: 'audit',
  description: 'The audit trail (menu 13)',
  order: 60,
  routes: auditRoutes,
});
