import { defineModule } from '../../http/serverModule';
import { sheetDocumentRoutes } from './documents';
import { sheetTemplateRoutes } from './templates';

/** Document sheets (menu 7): templates with variables filled from live data, documents, their states, versions and exports. */
export default defineModule({
  name: 'sheets',
  description: 'Document sheets: templates, documents, versions, PDF and DOCX (menu 7)',
  order: 180,
  routes: ({ config }) => [...sheetTemplateRoutes, ...sheetDocumentRoutes(config)],
});
