import { activityRoutes } from './activities';
import { dashboardRoutes } from './dashboard';
import { progressRoutes } from './progress';
import { reportRoutes } from './report';
import { smeRoutes } from './sme';
import { systemRoutes } from './systems';

/** The data map's systems (menu 16) and the records of processing (menu 11). */
export const datamapRoutes = systemRoutes;
export const ropaRoutes = [...activityRoutes, ...dashboardRoutes, ...reportRoutes, ...progressRoutes, ...smeRoutes];
