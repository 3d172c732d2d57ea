import { defineModule } from '../../http/serverModule';
import { docsRoutes } from './routes';

export default defineModule({
  name: 'docs',
  description: 'This description of the API',
  order: 210,
  routes: ({ modules }) => docsRoutes(modules),
});
