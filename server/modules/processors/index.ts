import type { DiligenceRecord } from '../../../contract/processors';
import { listExportRoute } from '../../bulk/export';
import { importRoutes } from '../../bulk/import';
import { textAt } from '../../../i18n';
import { defineModule } from '../../http/serverModule';
import { raiseProcessorNotifications } from './clockJob';
import { processorImport } from './import';
import { processorRoutes } from './routes';

const day = (d: string | null) => d ?? undefined;

/** Processors' due diligence (menu 16): agreements, sub-processors, review dates, and the questionnaire sent as a one-time link. */
export default defineModule({
  name: 'processors',
  description: "Processors' due diligence: agreements, sub-processors, reviews and the questionnaire link (menu 16; its page is public, token-bound)",
  order: 162,
  routes: ({ config }) => {
    const routes = processorRoutes(config);
    const list = routes.find((r) => r.method === 'GET' && r.url === '/processor-diligence')!;
    return [
      listExportRoute<DiligenceRecord>({
        list,
        url: '/processor-diligence/export',
        title: 'processors.tab',
        entity: 'processors',
        paging: 'range',
        rows: (reply) => reply.data as DiligenceRecord[],
        columns: [
          { label: 'processors.fields.name', value: (r) => r.name, width: 32 },
          { label: 'processors.fields.country', value: (r) => r.country },
          { label: 'processors.fields.dpaStatus', value: (r, lang) => textAt(lang, `processors.statuses.${r.dpaStatus}`) },
          { label: 'processors.fields.dpaSignedOn', value: (r) => day(r.dpaSignedOn), kind: 'date' },
          { label: 'processors.fields.dpaExpiresOn', value: (r) => day(r.dpaExpiresOn), kind: 'date' },
          { label: 'processors.fields.dpaFile', value: (r) => r.dpaFile?.name },
          { label: 'processors.fields.breachNoticeHours', value: (r) => r.breachNoticeHours },
          { label: 'processors.fields.reviewOn', value: (r) => day(r.reviewOn), kind: 'date' },
          { label: 'processors.fields.subprocessors', value: (r) => r.subprocessors.map((s) => s.name).join(', '), width: 32 },
          {
            label: 'processors.fields.warnings',
            value: (r, lang) => r.warnings.map((w) => textAt(lang, `processors.warnings.${w}`)).join(', '),
            width: 40,
          },
          { label: 'lists.updated', value: (r) => r.updated_dt, kind: 'date' },
        ],
      }),
      ...importRoutes(processorImport),
      ...routes,
    ];
  },
  timedWork: async (db, companyIds) => {
    for (const id of companyIds) await db.tx((q) => raiseProcessorNotifications(q, id));
  },
});
