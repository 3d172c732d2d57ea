import { formRoutes } from './forms';
import { itemRoutes } from './items';
import { publicRoutes } from './public';
import { recordRoutes } from './records';

/** Privacy notices and consent (menu 5) and the public consent and privacy-policy pages. */
export const consentRoutes = [...itemRoutes, ...formRoutes, ...recordRoutes, ...publicRoutes];
