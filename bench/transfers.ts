/**
 * Transfers abroad and processors' due diligence at scale: 50,000 transfers (BENCH_TRANSFER_ROWS) and
 * 2,000 processors (BENCH_PROCESSOR_ROWS) in one company on PostgreSQL, made with `generate_series`. The
 * real API server runs in this process; each call is timed one after another (p50, p95 of
 * BENCH_TRANSFER_CALLS calls): each list's first page, a filtered page (the ones that warn), a search,
 * and the dashboard's posture (which counts both). Target: p50 ≤ 50 ms. Figures are as measured on a
 * shared machine; the exit code says only whether the benchmark ran.
 *
 *   BENCH_ONLY=transfers npm run bench                 50,000 transfers, 2,000 processors, 30 calls each
 *   BENCH_ONLY=transfers BENCH_SHORT=1 npm run bench   5,000 transfers, 500 processors, 10 calls each
 */
import { listQuery, logFor, startApi, timed, withDemoDatabase } from './common';

const SHORT = process.argv.includes('--short') || ['1', 'true'].includes(process.env.BENCH_SHORT ?? '');
const TRANSFERS = Number(process.env.BENCH_TRANSFER_ROWS ?? (SHORT ? 5_000 : 50_000));
const PROCESSORS = Number(process.env.BENCH_PROCESSOR_ROWS ?? (SHORT ? 500 : 2_000));
const CALLS = Number(process.env.BENCH_TRANSFER_CALLS ?? (SHORT ? 10 : 30));
const TARGET_MS = 50;

const log = logFor('transfers');

export async function transfersBench() {
  await withDemoDatabase('transfers', log, async ({ db, companyId, dataDir }) => {
    const t = performance.now();
    await db.query(
      `insert into processors (company_id, name, country, contact)
       select $1, 'ผู้ประมวลผลทดสอบ ' || g, (array['ไทย','สิงคโปร์','ญี่ปุ่น','สหรัฐอเมริกา'])[1 + g % 4], 'dpa' || g || '@example.co.th'
         from generate_series(1, $2::int) g`,
      [companyId, PROCESSORS],
    );
    await db.query(
      `insert into processor_diligence (processor_id, company_id, dpa_status, dpa_signed_on, dpa_expires_on, breach_notice_hours, review_on)
       select p.id, p.company_id, (array['signed','signed','negotiating','none'])[1 + (row_number() over ())::int % 4], current_date - 400,
              current_date + ((row_number() over ())::int % 900) - 100, 72, current_date + ((row_number() over ())::int % 400) - 30
         from processors p
        where p.company_id = $1 and not exists (select 1 from processor_diligence d where d.processor_id = p.id)`,
      [companyId],
    );
    const systems = (await db.query<{ id: string }>('select id from datamap_systems where company_id = $1 order by id', [companyId])).map(
      (r) => r.id,
    );
    const processors = (await db.query<{ id: string }>('select id from processors where company_id = $1 order by id', [companyId])).map((r) => r.id);
    await db.query(
      `insert into transfers (company_id, system_id, processor_id, country, importer, basis, evidence_title, signed_on, expires_on, created_at, updated_at)
       select $1, ($2::uuid[])[1 + g % cardinality($2::uuid[])], ($3::uuid[])[1 + g % cardinality($3::uuid[])],
              (array['SG','US','JP','DE','AU','IN'])[1 + g % 6], 'ผู้รับข้อมูลในต่างประเทศ ' || g,
              (array['standard_clauses','bcr','consent','contract',null])[1 + g % 5], 'ข้อสัญญามาตรฐาน ' || g,
              current_date - 300, current_date + (g % 800) - 100, now() - g * interval '1 minute', now() - g * interval '1 minute'
         from generate_series(1, $4::int) g`,
      [companyId, systems, processors, TRANSFERS],
    );
    for (const table of ['transfers', 'processors', 'processor_diligence']) await db.query(`analyze ${table}`);
    log(
      `${TRANSFERS.toLocaleString('en')} transfers and ${PROCESSORS.toLocaleString('en')} processors generated in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );

    const api = await startApi({ db, dataDir });
    try {
      const get = (path: string) => api.get<{ total?: number }>(path);
      const first = await get(`/transfers${listQuery({ range: [0, 19] })}`);
      if ((first.total ?? 0) < TRANSFERS) throw new Error(`the transfers list answered total=${first.total}`);
      const calls: [string, string][] = [
        ['transfers: first page', `/transfers${listQuery({ range: [0, 19], sort: ['updated_dt', 'DESC'] })}`],
        ['transfers: those that warn', `/transfers${listQuery({ range: [0, 19], filter: { warning: true } })}`],
        ['transfers: search', `/transfers${listQuery({ range: [0, 19], filter: { search: 'ผู้รับข้อมูลในต่างประเทศ 4999' } })}`],
        ['processors: first page', `/processor-diligence${listQuery({ range: [0, 19], sort: ['name', 'ASC'] })}`],
        ['processors: those that warn', `/processor-diligence${listQuery({ range: [0, 19], filter: { warning: true } })}`],
        ['dashboard posture', '/user/dashboard/posture'],
        // the notice builder's picker: the register's first 20 by country, then a search typed in it
        ['notice builder: choices', '/consents/form/transfers'],
        ['notice builder: search', `/consents/form/transfers?search=${encodeURIComponent('ผู้รับข้อมูลในต่างประเทศ 4999')}`],
        ['notice builder: a word of every row', `/consents/form/transfers?search=${encodeURIComponent('ผู้รับข้อมูล')}`],
      ];
      const rows = [];
      for (const [label, path] of calls) {
        const r = await timed(CALLS, () => get(path));
        rows.push({
          call: label,
          p50: r.p50.toFixed(1),
          p95: r.p95.toFixed(1),
          target: `${TARGET_MS} ms`,
          within: r.p50 <= TARGET_MS ? 'yes' : 'NO',
        });
      }
      console.log(
        `transfers abroad and processors' due diligence: ${TRANSFERS.toLocaleString('en')} transfers, ${PROCESSORS.toLocaleString('en')} processors, ${CALLS} calls each`,
      );
      console.table(rows);
    } finally {
      await api.close();
    }
  });
}
