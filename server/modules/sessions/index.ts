import { defineModule } from '../../http/serverModule';
import { sessionRoutes } from './routes';

export default defineModule({
  name: 'sessions',
  description: "One's own sessions and signing out everywhere",
  order: 200,
  routes: sessionRoutes,
});
