import { defineModule } from '../../http/serverModule';
import { transferRoutes } from './routes';

/** Transfers abroad (menu 16): the register of transfers, their basis under s.28-29 and its evidence. */
export default defineModule({
  name: 'transfers',
  description: 'Transfers abroad: the register, the s.28-29 basis of each and its evidence (menu 16)',
  order: 161,
  routes: transferRoutes,
});
