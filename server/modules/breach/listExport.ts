import type { BreachRow } from '../../../contract/breach';
import { textAt } from '../../../i18n';
import { listExportRoute } from '../../bulk/export';
import type { RouteSpec } from '../../http/route';

/** `GET /databreach/export`: the breach log as the screen shows it (its filters and sort), as XLSX. */
export const breachExportRoute = (routes: RouteSpec[]) =>
  listExportRoute<BreachRow>({
    list: routes.find((r) => r.method === 'GET' && r.url === '/databreach')!,
    url: '/databreach/export',
    title: 'breach.title',
    entity: 'breaches',
    paging: 'range',
    rows: (reply) => reply.data as BreachRow[],
    columns: [
      { label: 'breach.columns.code', value: (r) => r.code, width: 16 },
      { label: 'breach.columns.title', value: (r) => r.title, width: 40 },
      { label: 'breach.columns.awareAt', value: (r) => r.awareAt, kind: 'datetime', width: 30 },
      { label: 'breach.columns.status', value: (r, lang) => textAt(lang, `breach.status.${r.status}`) ?? r.status },
      { label: 'breach.columns.risk', value: (r, lang) => textAt(lang, `breach.risk.${r.riskLevel ?? 'unassessed'}`) ?? r.riskLevel },
      {
        label: 'breach.columns.clock',
        value: (r, lang) => textAt(lang, `breach.clock.${r.clock.state}`)?.replace('%{hours}', String(Math.abs(r.clock.hoursLeft))),
      },
      { label: 'lists.office_notified', value: (r) => r.officeNotifiedAt, kind: 'datetime', width: 30 },
      { label: 'lists.subjects_notified', value: (r) => r.subjectsNotifiedAt, kind: 'datetime', width: 30 },
    ],
  });
