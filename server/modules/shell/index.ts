import { defineModule } from '../../http/serverModule';
import { shellRoutes } from './routes';

export default defineModule({
  name: 'shell',
  description: "The application shell's calls: menu, notifications",
  order: 30,
  routes: shellRoutes,
});
