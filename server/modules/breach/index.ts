import type { ServerConfig } from '../../config';
import { breachRoutes as routes } from './routes';

/** The breach log (menu 17): breaches, their 72-hour clock, risk assessment, notices and letters, timeline and attachments. */
export const breachRoutes = (config: ServerConfig) => routes(config);
