import { departmentRoutes } from './departments';
import { dpoRoutes } from './dpo';
import { peopleRoutes as personRoutes } from './people';

/** People (menu 14): staff and contact users, departments and positions, the DPO list. */
export const peopleRoutes = [...personRoutes, ...departmentRoutes, ...dpoRoutes];
