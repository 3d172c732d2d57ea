import { defineModule, eachCompany } from '../../http/serverModule';
import { dpoReportRoutes } from './reports';
import { dpoRoutes } from './routes';
import { raiseDpoNotifications } from './rows';

/** The data protection officer (menu 4, PDPA s.41-42): appointments, the order PDF, the s.41 questionnaire, the DPO's reports and advice (s.42). */
export default defineModule({
  name: 'dpo',
  description: "The data protection officer: appointments, the order PDF, the s.41 questionnaire, the DPO's reports and advice (menu 4)",
  order: 130,
  routes: ({ config }) => [...dpoRoutes(config), ...dpoReportRoutes],
  timedWork: eachCompany(raiseDpoNotifications),
});
