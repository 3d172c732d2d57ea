import type { ServerConfig } from '../../config';
import { dpoRoutes as appointmentRoutes } from './routes';

/** The data protection officer (menu 4, PDPA s.41-42): appointments, the order PDF, the s.41 questionnaire. */
export const dpoRoutes = (config: ServerConfig) => appointmentRoutes(config);
