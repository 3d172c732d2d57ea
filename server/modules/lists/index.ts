import { defineModule } from '../../http/serverModule';
import { savedFilterRoutes } from './savedFilters';

export default defineModule({
  name: 'lists',
  description: "What every list shares: a person's saved filters (the import and export routes are each list's module's)",
  order: 35,
  routes: savedFilterRoutes,
});
