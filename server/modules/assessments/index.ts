import { defineModule } from '../../http/serverModule';
import { exportRoutes } from './export';
import { assessmentRoutes } from './routes';
import { templateRoutes } from './templates';

/** Assessments (menu 20): DPIA of the ROPA activities that meet a trigger, LIA of those on legitimate interest, their templates. */
export default defineModule({
  name: 'assessments',
  description:
    'Assessments: DPIA and legitimate-interest assessments (LIA) of the ROPA activities, their templates (versioned), the DPO opinion, four-eyes sign-off and the write-back to the ROPA and the risk register (menu 20)',
  order: 55,
  routes: [...exportRoutes, ...templateRoutes, ...assessmentRoutes],
});
