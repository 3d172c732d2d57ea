import type { ServerConfig } from '../../config';
import { sheetDocumentRoutes } from './documents';
import { sheetTemplateRoutes } from './templates';

/** Document sheets (menu 7): templates with variables filled from live data, documents, their states, versions and exports. */
export const sheetRoutes = (config: ServerConfig) => [...sheetTemplateRoutes, ...sheetDocumentRoutes(config)];
