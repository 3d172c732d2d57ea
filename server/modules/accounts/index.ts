import { defineModule } from '../../http/serverModule';
import { accountRoutes } from './routes';

export default defineModule({
  name: 'accounts',
  description: 'Registration, e-mail verification, password reset',
  order: 20,
  routes: ({ config }) => accountRoutes(config),
});
