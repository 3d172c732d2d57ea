import { MENU } from '../../../contract/menus';
import { ROPA_ROLES, ropaBody, type RopaBody } from '../../../contract/ropa';
import type { ImportDeclaration } from '../../bulk/import';
import { insertActivities } from './activities';

/** The record's fields a column fills (`record.<key>`). */
const RECORD_KEYS = ['description', 'subjectIds', 'retention', 'security', 'source'] as const;

/**
 * Processing activities from a file: each row a draft, checked and counted as the form's save does (its
 * links checked, its missing s.39 items counted), all written together in the request's one transaction.
 */
export const activityImport: ImportDeclaration<RopaBody> = {
  url: '/ropa/activity',
  menuId: MENU.ropa.menuId,
  entity: 'ropa_activities',
  title: 'ropa.tabs.list',
  schema: ropaBody,
  columns: [
    { key: 'name', label: 'ropa.fields.name', required: true, width: 36, example: { th: 'การสรรหาและคัดเลือกพนักงาน', en: 'Recruiting staff' } },
    {
      key: 'role',
      label: 'ropa.fields.role',
      choices: ROPA_ROLES.map((r) => ({ value: r, label: `ropa.roles.${r}` })),
      example: { th: 'ผู้ควบคุมข้อมูลส่วนบุคคล', en: 'Data controller' },
    },
    { key: 'departmentId', label: 'ropa.fields.department', lookup: { table: 'departments' }, example: { th: 'ฝ่ายบุคคล', en: 'Human resources' } },
    {
      key: 'description',
      label: 'ropa.fields.description',
      width: 40,
      example: { th: 'รับสมัครและคัดเลือกผู้สมัครงาน', en: 'Receiving and screening job applications' },
    },
    {
      key: 'systemIds',
      label: 'ropa.fields.systems',
      list: true,
      lookup: { table: 'datamap_systems' },
      example: { th: 'ระบบบริหารงานบุคคล (HRIS)', en: 'HR system (HRIS)' },
    },
    {
      key: 'categoryIds',
      label: 'ropa.fields.categories',
      list: true,
      lookup: { table: 'data_categories' },
      example: { th: 'ชื่อ-นามสกุล', en: 'Name' },
    },
    {
      key: 'subjectIds',
      label: 'ropa.fields.subjects',
      list: true,
      lookup: { table: 'data_subject_categories' },
      example: { th: 'ผู้สมัครงาน', en: 'Job applicants' },
    },
    { key: 'source', label: 'ropa.fields.source', example: { th: 'จากเจ้าของข้อมูลโดยตรง', en: 'From the data subject' } },
    { key: 'retention', label: 'ropa.fields.retention', example: { th: '1 ปีนับจากวันสมัคร', en: '1 year from the application' } },
    { key: 'security', label: 'ropa.fields.security', width: 40, example: { th: 'จำกัดสิทธิ์การเข้าถึง', en: 'Access control' } },
    { key: 'reviewDate', label: 'ropa.fields.review_date', date: true, example: { th: '31/12/2570', en: '2027-12-31' } },
  ],
  toBody: (v) => ({
    name: v.name,
    role: v.role,
    departmentId: v.departmentId ?? null,
    systemIds: v.systemIds,
    categoryIds: v.categoryIds,
    reviewDate: v.reviewDate ?? null,
    record: Object.fromEntries(RECORD_KEYS.filter((k) => v[k] !== undefined).map((k) => [k, v[k]])),
  }),
  columnOf: (path) => String(path[0] === 'record' ? path[1] : path[0]),
  insert: async (q, companyId, rows, { userId }) => {
    await insertActivities(q, companyId, userId, rows);
  },
};
