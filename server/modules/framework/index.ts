import { defineModule, eachCompany } from '../../http/serverModule';
import { frameworkRoutes } from './routes';
import { refreshFramework } from './snapshot';

/** The PDPA control framework (the dashboard's, menu 2): requirements scored from the modules' data or evidence, kept monthly. */
export default defineModule({
  name: 'framework',
  description:
    "The PDPA control framework: each duty of the PDPA and the PDPC's security notification scored from the modules' data or the officer's evidence, kept as a monthly snapshot (menu 2)",
  // after every module's timed work, so the kept score sees this hour's changes
  order: 195,
  routes: frameworkRoutes,
  timedWork: eachCompany((q, companyId) => refreshFramework(q, companyId)),
});
