import type { SystemRecord } from '../../../contract/datamap';
import { listExportRoute } from '../../bulk/export';
import { importRoutes } from '../../bulk/import';
import { defineModule } from '../../http/serverModule';
import { systemImport } from './import';
import { systemRoutes } from './systems';

const list = systemRoutes.find((r) => r.method === 'GET' && r.url === '/datamap-systems')!;

export default defineModule({
  name: 'datamap',
  description: "The data map's systems and data sets (menu 16)",
  order: 150,
  routes: [
    // before `/datamap-systems/:id`: Fastify prefers the fixed path anyway
    ...importRoutes(systemImport),
    listExportRoute<SystemRecord>({
      list,
      url: '/datamap-systems/export',
      title: 'datamap.systems.tab',
      entity: 'datamap_systems',
      paging: 'range',
      rows: (reply) => reply.data as SystemRecord[],
      columns: [
        { label: 'datamap.systems.name', value: (r) => r.name, width: 32 },
        { label: 'datamap.systems.department', value: (r) => r.department },
        { label: 'datamap.systems.description', value: (r) => r.description, width: 40 },
        { label: 'datamap.systems.categories', value: (r) => r.categories.map((c) => c.name).join(', '), width: 32 },
        { label: 'datamap.systems.subjects', value: (r) => r.subjects.map((c) => c.name).join(', ') },
        { label: 'datamap.systems.storage_location', value: (r) => r.storageLocation },
        { label: 'datamap.systems.storage_country', value: (r) => r.storageCountry },
        { label: 'datamap.systems.transfers', value: (r) => r.transfers.map((t) => t.country).join(', ') },
        { label: 'datamap.systems.activities', value: (r) => r.activities },
        { label: 'lists.updated', value: (r) => r.updated_dt, kind: 'date' },
      ],
    }),
    ...systemRoutes,
  ],
});
