import { defineModule } from '../../http/serverModule';
import { LOGO_MAX_BYTES } from '../../../contract/company';
import { COMPANY_SAVE_LIMITS, companyRoutes, uploadError } from './routes';

export default defineModule({
  name: 'company',
  description: 'Company settings and logo (menu 13)',
  order: 40,
  routes: ({ config }) => companyRoutes(config),
  // the settings' save: its fields and the logo
  uploads: { limits: { ...COMPANY_SAVE_LIMITS, fileSize: LOGO_MAX_BYTES }, error: uploadError },
});
