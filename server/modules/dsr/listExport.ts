import { statusKeyOf, type DsrRequestRow } from '../../../contract/dsr';
import { textAt } from '../../../i18n';
import { listExportRoute } from '../../bulk/export';
import type { RouteSpec } from '../../http/route';

/** `GET /consents/datasubject/list/export`: the request list as the screen shows it (its filters, newest first), as XLSX. */
export const requestExportRoute = (routes: RouteSpec[]) =>
  listExportRoute<DsrRequestRow>({
    list: routes.find((r) => r.method === 'GET' && r.url === '/consents/datasubject/list')!,
    url: '/consents/datasubject/list/export',
    title: 'dsr.tabs.list',
    entity: 'dsr_requests',
    paging: 'pages',
    rows: (reply) => reply.requestList as DsrRequestRow[],
    columns: [
      { label: 'dsr.list.columns.reference', value: (r) => r.referenceCode, width: 20 },
      { label: 'dsr.list.columns.subject', value: (r) => r.subjectName, width: 28 },
      { label: 'lists.email', value: (r) => r.email, width: 28 },
      { label: 'dsr.list.columns.rights', value: (r, lang) => r.rights.map((k) => textAt(lang, `dsr.rights.${k}`) ?? k).join(', '), width: 40 },
      { label: 'dsr.list.columns.status', value: (r, lang) => textAt(lang, `dsr.status.${statusKeyOf(r.statusId)}`) ?? String(r.statusId) },
      { label: 'lists.received', value: (r) => r.receivedAt, kind: 'date' },
      { label: 'lists.due', value: (r) => r.dueAt, kind: 'date' },
      { label: 'dsr.list.columns.assignee', value: (r) => r.assignee?.name },
    ],
  });
