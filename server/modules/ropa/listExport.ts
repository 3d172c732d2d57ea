import type { RopaRow } from '../../../contract/ropa';
import { textAt } from '../../../i18n';
import { listExportRoute } from '../../bulk/export';
import { activityRoutes } from './activities';

/** `GET /ropa/activity/export`: the activity list as the screen shows it (its filters and sort), as XLSX. */
export const activityExportRoute = listExportRoute<RopaRow>({
  list: activityRoutes.find((r) => r.method === 'GET' && r.url === '/ropa/activity')!,
  url: '/ropa/activity/export',
  title: 'ropa.tabs.list',
  entity: 'ropa_activities',
  paging: 'range',
  rows: (reply) => reply.data as RopaRow[],
  columns: [
    { label: 'ropa.fields.name', value: (r) => r.name, width: 40 },
    { label: 'ropa.fields.role', value: (r, lang) => textAt(lang, `ropa.roles.${r.role}`) ?? r.role },
    { label: 'ropa.fields.department', value: (r) => r.department },
    { label: 'ropa.fields.state', value: (r, lang) => textAt(lang, `ropa.states.${r.state}`) ?? r.state },
    { label: 'ropa.fields.missing', value: (r) => r.missingCount },
    { label: 'ropa.fields.review_date', value: (r) => r.reviewDate, kind: 'date' },
    { label: 'ropa.fields.approved_by', value: (r) => r.approvedBy?.name },
    { label: 'ropa.fields.updated', value: (r) => r.updated_dt, kind: 'date' },
  ],
});
