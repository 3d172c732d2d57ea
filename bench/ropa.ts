/**
 * The records of processing at scale: 5,000 activities (BENCH_ROPA_ROWS) in one company on PostgreSQL,
 * made in a few `insert … select generate_series` statements. The real API server runs in this
 * process; each call is timed one after another (p50, p95 of BENCH_ROPA_CALLS calls):
 *   - the list (first page, newest first), a Thai search, and the four dashboard calls;
 *   - the whole register exported as XLSX and as PDF (end to end over HTTP, every byte read), and
 *     while the PDF is written another call (sumropa) timed again and again: the server answers.
 * Baselines of the same process and the same database:
 *   - the list's own SQL sent straight through `pg` (what the route adds is the rest);
 *   - the export's reading done the old way (one `loadActivity`, ~6 queries, per activity) against the
 *     set-based batches the report reads now.
 * Targets: list and dashboard p50 ≤ 50 ms, the XLSX + PDF export ≤ 15 s. Figures are as
 * measured on a shared machine; the exit code says only whether the benchmark ran.
 *
 *   BENCH_ONLY=ropa npm run bench                 5,000 activities, 30 calls each
 *   BENCH_ONLY=ropa BENCH_SHORT=1 npm run bench   1,000 activities, 10 calls each
 */
import pg from 'pg';
import type { Db } from '../server/db/client';
import { reportActivities } from '../server/modules/ropa/report';
import { loadActivity } from '../server/modules/ropa/rows';
import { listQuery, logFor, quantile, startApi, timed, withDemoDatabase } from './common';

const SHORT = process.argv.includes('--short') || ['1', 'true'].includes(process.env.BENCH_SHORT ?? '');
const ROWS = Number(process.env.BENCH_ROPA_ROWS ?? (SHORT ? 1_000 : 5_000));
const CALLS = Number(process.env.BENCH_ROPA_CALLS ?? (SHORT ? 10 : 30));
const LIST_TARGET_MS = 50;
const EXPORT_TARGET_MS = 15_000;

const log = logFor('ropa');

/** `rows` activities for the company, every state and role, linked to its demo registers, in one statement each. */
async function generateActivities(db: Db, companyId: string, rows: number) {
  const ids = async (table: string) =>
    (await db.query<{ id: string }>(`select id from ${table} where company_id = $1 order by id`, [companyId])).map((r) => r.id);
  const [departments, categories, subjects, purposes] = await Promise.all([
    ids('departments'),
    ids('data_categories'),
    ids('data_subject_categories'),
    ids('processing_purposes'),
  ]);
  const [admin] = await db.query<{ id: string }>(`select id from users where company_id = $1 and username = 'admin'`, [companyId]);
  await db.query(
    `insert into ropa_activities (company_id, name, role, state, department_id, record, review_date, missing_count, created_by, approved_by, approved_at, created_at, updated_at)
     select $1::uuid,
            (array['ขายสินค้าออนไลน์','สมัครสมาชิก','จัดส่งสินค้า','สรรหาพนักงาน','ดูแลลูกค้า','การตลาดทางอีเมล','กล้องวงจรปิด','บัญชีเงินเดือน'])[1 + g % 8]
              || ' ลำดับที่ ' || g,
            case when g % 10 = 0 then 'processor' else 'controller' end,
            (array['draft','review','approved','approved','archived'])[1 + g % 5],
            ($2::uuid[])[1 + g % greatest(cardinality($2::uuid[]), 1)],
            jsonb_build_object(
              'description', 'กิจกรรมทดสอบประสิทธิภาพ ลูกค้ารายที่ ' || g,
              'purposes', jsonb_build_array(jsonb_build_object(
                 'purposeId', ($4::uuid[])[1 + g % cardinality($4::uuid[])], 'text', '',
                 'categoryIds', jsonb_build_array(($3::uuid[])[1 + g % cardinality($3::uuid[])], ($3::uuid[])[1 + (g + 1) % cardinality($3::uuid[])]),
                 'bases', jsonb_build_array('necessityContract'))),
              'subjectIds', jsonb_build_array(($5::uuid[])[1 + g % cardinality($5::uuid[])]),
              'dpoId', '', 'controllers', 'บริษัทลูกค้า จำกัด',
              'retention', '5 ปีนับจากวันที่สิ้นสุดสัญญา', 'accessRights', 'ฝ่ายขายและฝ่ายบัญชี', 'accessConditions', 'ผ่านบัญชีผู้ใช้ที่มีสิทธิ',
              'disclosures', 'กรมสรรพากรตามกฎหมาย', 'security', 'เข้ารหัสข้อมูล จำกัดสิทธิ บันทึกการเข้าถึง', 'source', 'เจ้าของข้อมูลโดยตรง',
              'transfers', case when g % 7 = 0 then jsonb_build_array(jsonb_build_object('country', 'สิงคโปร์', 'recipient', 'MailFlow', 'mechanism', 'asean_clauses'))
                                else '[]'::jsonb end,
              'noticeIds', '[]'::jsonb, 'processorIds', '[]'::jsonb),
            (now() at time zone 'Asia/Bangkok')::date + (g % 400) - 30,
            0, $6::uuid,
            case when g % 5 in (2, 3, 4) then $6::uuid end,
            case when g % 5 in (2, 3, 4) then now() - g * interval '1 minute' end,
            now() - g * interval '1 minute', now() - g * interval '1 minute'
       from generate_series(1, $7::int) g`,
    [companyId, departments, categories, purposes, subjects, admin.id, rows],
  );
  await db.query(
    `insert into ropa_activity_categories (activity_id, category_id)
     select a.id, c.category_id::uuid from ropa_activities a, jsonb_array_elements_text(a.record->'purposes'->0->'categoryIds') c(category_id)
      where a.company_id = $1 and a.record->>'description' like 'กิจกรรมทดสอบประสิทธิภาพ%'
     on conflict do nothing`,
    [companyId],
  );
  await db.exec('vacuum (analyze) ropa_activities, ropa_activity_categories');
}

export async function ropaBench() {
  await withDemoDatabase('ropa', log, async ({ db, url, companyId, dataDir }) => {
    let t = performance.now();
    await generateActivities(db, companyId, ROWS);
    const [{ n }] = await db.query<{ n: number }>('select count(*)::int as n from ropa_activities where company_id = $1', [companyId]);
    log(`${ROWS.toLocaleString('en')} activities generated in ${((performance.now() - t) / 1000).toFixed(1)} s (${n.toLocaleString('en')} in DEMO)`);

    const api = await startApi({ db, dataDir });
    const raw = new pg.Client({ connectionString: url });
    try {
      const get = api.fetchOk;
      const listPath = `/ropa/activity${listQuery({ range: [0, 24], sort: ['updated_dt', 'DESC'] })}`;
      const searchPath = `/ropa/activity${listQuery({ range: [0, 24], sort: ['name', 'ASC'], filter: { search: 'จัดส่ง' } })}`;
      const first = JSON.parse((await get(listPath)).bytes.toString()) as { total: number; data: unknown[] };
      if (first.total !== n || first.data.length !== 25) throw new Error(`the list answered total=${first.total} rows=${first.data.length}`);

      // baseline: the list's statement straight through pg (no HTTP, no session, no JSON)
      await raw.connect();
      const listSql = `select a.id, a.name, a.role, a.state, d.name as department, a.review_date, a.missing_count, a.approved_at, a.updated_at,
                            count(*) over ()::int as total
                       from ropa_activities a left join departments d on d.id = a.department_id left join users ua on ua.id = a.approved_by
                      where a.company_id = $1 order by a.updated_at desc, a.id limit 25 offset 0`;
      const calls: [string, string][] = [
        ['list (first page)', listPath],
        ['list (Thai search)', searchPath],
        ['sumropa', '/ropa/fetch/sumropa'],
        ['expire-ropa', '/ropa/fetch/expire-ropa?days=30&currentPage=1&limit=20'],
        ['relate-department', '/ropa/fetch/relate-department'],
        ['relate-consent', '/ropa/fetch/relate-consent?currentPage=1&limit=20'],
      ];
      const baseline = await timed(CALLS, () => raw.query(listSql, [companyId]));
      log(`baseline: the list's SQL through pg p50 ${baseline.p50.toFixed(1)} ms`);
      const rows: string[][] = [];
      for (const [label, path] of calls) {
        const r = await timed(CALLS, () => get(path));
        rows.push([
          label,
          r.p50.toFixed(1),
          r.p95.toFixed(1),
          `${(r.p50 / baseline.p50).toFixed(1)}×`,
          `${(r.p50 / LIST_TARGET_MS).toFixed(2)}`,
          r.p50 <= LIST_TARGET_MS ? 'yes' : 'NO',
        ]);
      }

      // the export's reading: the old way (one loadActivity per activity) against the set-based batches
      const ids = (await db.query<{ id: string }>('select id from ropa_activities where company_id = $1 order by name, id', [companyId])).map(
        (r) => r.id,
      );
      t = performance.now();
      const sets = await reportActivities(db, companyId, {}, 'th');
      const setMs = performance.now() - t;
      const sample = ids.slice(0, Math.min(ids.length, 500));
      t = performance.now();
      for (const id of sample) await loadActivity(db, companyId, id, 'th');
      const oldMs = ((performance.now() - t) / sample.length) * ids.length;
      if (sets.length !== ids.length) throw new Error(`the report read ${sets.length} of ${ids.length}`);

      const exportOnce = async (format: 'xlsx' | 'pdf') => {
        const start = performance.now();
        const { res, bytes } = await get(`/ropa/report?format=${format}`);
        return { ms: performance.now() - start, bytes: bytes.length, count: Number(res.headers.get('x-total-count')) };
      };
      const xlsx = await exportOnce('xlsx');
      if (xlsx.count !== n) throw new Error(`the export announced ${xlsx.count} of ${n}`);
      // the PDF of the whole register, and meanwhile sumropa one call after another: how long another caller waits
      const quiet = await timed(CALLS, () => get('/ropa/fetch/sumropa'));
      let exporting = true;
      const during: number[] = [];
      const pdfRun = exportOnce('pdf').finally(() => (exporting = false));
      while (exporting) {
        const t1 = performance.now();
        await get('/ropa/fetch/sumropa');
        if (exporting) during.push(performance.now() - t1);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const pdf = await pdfRun;
      if (pdf.count !== n) throw new Error(`the PDF announced ${pdf.count} of ${n}`);

      console.log(`\nROPA with ${n.toLocaleString('en')} activities in one company, PostgreSQL, ${CALLS} sequential calls each (ms)`);
      console.table(
        rows.map(([call, p50, p95, vsBase, vsTarget, ok]) => ({
          call,
          p50,
          p95,
          'p50 / SQL baseline': vsBase,
          [`p50 / ${LIST_TARGET_MS} ms`]: vsTarget,
          'within target': ok,
        })),
      );
      console.log(`export: reading ${n.toLocaleString('en')} activities`);
      console.table([
        { way: 'set-based batches (now)', ms: setMs.toFixed(0) },
        { way: `one loadActivity each (before; ${sample.length} timed, scaled)`, ms: oldMs.toFixed(0) },
        { way: 'ratio now / before', ms: (setMs / oldMs).toFixed(3) },
      ]);
      const total = xlsx.ms + pdf.ms;
      console.log('export (over HTTP, whole file received)');
      console.table([
        { file: `XLSX, all ${n.toLocaleString('en')}`, ms: xlsx.ms.toFixed(0), bytes: xlsx.bytes.toLocaleString('en') },
        { file: `PDF, all ${n.toLocaleString('en')}`, ms: pdf.ms.toFixed(0), bytes: pdf.bytes.toLocaleString('en') },
        {
          file: 'XLSX + PDF',
          ms: total.toFixed(0),
          bytes: `${(total / EXPORT_TARGET_MS).toFixed(2)} of the ${EXPORT_TARGET_MS / 1000} s target: ${total <= EXPORT_TARGET_MS ? 'within' : 'OVER'}`,
        },
      ]);
      console.log('another call (sumropa) while the PDF is written');
      console.table([
        { when: 'server idle', calls: CALLS, p50: quiet.p50.toFixed(1), p95: quiet.p95.toFixed(1), max: '-' },
        {
          when: 'during the PDF export',
          calls: during.length,
          p50: during.length ? quantile(during, 0.5).toFixed(1) : '-',
          p95: during.length ? quantile(during, 0.95).toFixed(1) : '-',
          max: during.length ? Math.max(...during).toFixed(1) : '-',
        },
      ]);
    } finally {
      await api.close();
      await raw.end().catch(() => undefined);
    }
  });
}
