import type { ServerConfig } from '../../config';
import { dsrFormRoutes } from './forms';
import { dsrPublicRoutes } from './public';
import { dsrRequestRoutes } from './requests';

/** Data subject requests (menu 5, consents): request forms, the request list and its 30-day clock, and the public pages' calls. */
export const dsrRoutes = (config: ServerConfig) => [...dsrFormRoutes(config), ...dsrRequestRoutes(config), ...dsrPublicRoutes(config)];
