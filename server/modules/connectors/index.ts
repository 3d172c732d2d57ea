import { defineModule } from '../../http/serverModule';
import { requestRoutes } from './requestRoutes';
import { settingsRoutes } from './settings';

export default defineModule({
  name: 'connectors',
  description:
    "Connectors: a data-map system linked to the company's PostgreSQL or MySQL/MariaDB database (menu 16), where a data subject request's access and erasure run (menu 5)",
  order: 165,
  routes: ({ config }) => [...settingsRoutes(config), ...requestRoutes(config)],
});
