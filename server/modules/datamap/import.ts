import { randomUUID } from 'node:crypto';
import { systemBody, type SystemBody } from '../../../contract/datamap';
import { MENU } from '../../../contract/menus';
import type { ImportDeclaration } from '../../bulk/import';
import type { Queryable } from '../../db/client';

/** Writes the checked systems: one multi-row insert, then each kind of link in one statement. */
export async function insertSystems(q: Queryable, companyId: string, rows: SystemBody[]) {
  const ids = rows.map(() => randomUUID());
  await q.query(
    `insert into datamap_systems (id, company_id, name, department_id, description, volume, storage_location, storage_country, retention, access, security, transfers)
     select r.id, $1, r.name, r.department_id, r.description, r.volume, r.storage_location, r.storage_country, r.retention, r.access, r.security, r.transfers
       from jsonb_to_recordset($2::jsonb) as r(id uuid, name text, department_id uuid, description text, volume text, storage_location text,
                                               storage_country text, retention text, access text, security text, transfers jsonb)`,
    [
      companyId,
      JSON.stringify(
        rows.map((b, i) => ({
          id: ids[i],
          name: b.name,
          department_id: b.departmentId,
          description: b.description,
          volume: b.volume,
          storage_location: b.storageLocation,
          storage_country: b.storageCountry,
          retention: b.retention,
          access: b.access,
          security: b.security,
          transfers: b.transfers,
        })),
      ),
    ],
  );
  const links = async (table: string, column: string, pick: (b: SystemBody) => string[]) => {
    const systemIds: string[] = [];
    const linked: string[] = [];
    rows.forEach((b, i) => [...new Set(pick(b))].forEach((id) => (systemIds.push(ids[i]), linked.push(id))));
    if (!systemIds.length) return;
    await q.query(`insert into ${table} (system_id, ${column}) select * from unnest($1::uuid[], $2::uuid[])`, [systemIds, linked]);
  };
  await links('datamap_system_categories', 'category_id', (b) => b.categoryIds);
  await links('datamap_system_subjects', 'subject_id', (b) => b.subjectIds);
  await links('datamap_system_processors', 'processor_id', (b) => b.processorIds);
}

/** The data map's systems from a file: the form's fields but the transfers abroad (entered on the form). */
export const systemImport: ImportDeclaration<SystemBody> = {
  url: '/datamap-systems',
  menuId: MENU.dataManage.menuId,
  entity: 'datamap_systems',
  title: 'datamap.systems.tab',
  schema: systemBody,
  columns: [
    { key: 'name', label: 'datamap.systems.name', required: true, width: 32, example: { th: 'ระบบบริหารงานบุคคล (HRIS)', en: 'HR system (HRIS)' } },
    { key: 'departmentId', label: 'datamap.systems.department', lookup: { table: 'departments' }, example: { th: 'ฝ่ายบุคคล', en: 'Human resources' } },
    { key: 'description', label: 'datamap.systems.description', width: 40, example: { th: 'ข้อมูลพนักงานและเงินเดือน', en: 'Staff and payroll records' } },
    {
      key: 'categoryIds',
      label: 'datamap.systems.categories',
      list: true,
      lookup: { table: 'data_categories' },
      width: 32,
      example: { th: 'ชื่อ-นามสกุล, เลขบัตรประชาชน', en: 'Name, National ID number' },
    },
    {
      key: 'subjectIds',
      label: 'datamap.systems.subjects',
      list: true,
      lookup: { table: 'data_subject_categories' },
      example: { th: 'พนักงาน', en: 'Employees' },
    },
    { key: 'processorIds', label: 'datamap.systems.processors', list: true, lookup: { table: 'processors' }, example: { th: '', en: '' } },
    { key: 'volume', label: 'datamap.systems.volume', example: { th: 'ประมาณ 500 รายการ', en: 'About 500 records' } },
    { key: 'storageLocation', label: 'datamap.systems.storage_location', example: { th: 'Cloud (AWS)', en: 'Cloud (AWS)' } },
    { key: 'storageCountry', label: 'datamap.systems.storage_country', example: { th: 'ไทย', en: 'Thailand' } },
    { key: 'retention', label: 'datamap.systems.retention', example: { th: '10 ปีหลังพ้นสภาพพนักงาน', en: '10 years after employment ends' } },
    { key: 'access', label: 'datamap.systems.access', example: { th: 'ฝ่ายบุคคล', en: 'HR staff' } },
    { key: 'security', label: 'datamap.systems.security', width: 40, example: { th: 'เข้ารหัส, จำกัดสิทธิ์การเข้าถึง', en: 'Encryption, access control' } },
  ],
  insert: insertSystems,
};
