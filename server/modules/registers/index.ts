import { defineModule } from '../../http/serverModule';
import { registersRoutes } from './routes';

export default defineModule({
  name: 'registers',
  description: 'Simple registers, one declaration each (contract/registers/): data categories, processors (menu 16)',
  order: 110,
  routes: registersRoutes,
});
