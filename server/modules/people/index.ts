import { importRoutes } from '../../bulk/import';
import { defineModule } from '../../http/serverModule';
import { departmentRoutes } from './departments';
import { dpoRoutes } from './dpo';
import { personImport } from './import';
import { peopleRoutes } from './people';
import { secondFactorResetRoutes } from './secondFactorReset';

/** People (menu 14): staff and contact users, departments and positions, the DPO list. */
export default defineModule({
  name: 'people',
  description: 'People, departments, positions, the DPO list (menu 14)',
  order: 80,
  routes: ({ config }) => [
    ...importRoutes(personImport(config)),
    ...peopleRoutes,
    ...secondFactorResetRoutes(config),
    ...departmentRoutes,
    ...dpoRoutes,
  ],
});
