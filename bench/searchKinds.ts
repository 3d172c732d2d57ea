/**
 * Every kind of search term a person types, over the risk list's events (GET /datarisk/list?search=):
 * BENCH_SEARCH_ROWS (100,000) events of one company on PostgreSQL, named as people name them (a Thai
 * action and subject, a department, a branch, a number, now and then a Latin system name or an e-mail).
 * Each term is timed through the server's own statement (`masterPage`, sent by the server's Db, as the
 * route sends it): BENCH_SEARCH_CALLS (200) calls one at a time, then twice as many at 10 connections; then
 * the p50 over BENCH_SEARCH_BIG_ROWS (1,000,000) events unless BENCH_SHORT. Each row of the table says
 * the total the list shows (exact up to its cap), the matches counted the slow way, and the plan's scan.
 * Target: p99 ≤ 20 ms one at a time, ≤ 50 ms at 10 connections, p50 ≤ 10 ms over 1,000,000 events.
 *
 *   BENCH_ONLY=search npm run bench
 */
import { masterPage } from '../server/modules/risk/master';
import type { Db } from '../server/db/client';
import { RISK_TYPE } from '../contract/risk';
import { listStatement } from './sql';
import { logFor, quantile, timed, withDemoDatabase } from './common';
import { ACTIONS, PLACES, SUBJECTS } from './words';
import { bulkEventsRebuildingSearchIndex, type EventNames } from './seed';

const SHORT = process.argv.includes('--short') || ['1', 'true'].includes(process.env.BENCH_SHORT ?? '');
const ROWS = Number(process.env.BENCH_SEARCH_ROWS ?? (SHORT ? 20_000 : 100_000));
const BIG_ROWS = Number(process.env.BENCH_SEARCH_BIG_ROWS ?? (SHORT ? 0 : 1_000_000));
const CALLS = Number(process.env.BENCH_SEARCH_CALLS ?? (SHORT ? 50 : 200));
const CONNECTIONS = 10;
const LIMIT = 10;

const log = logFor('search');

const DEPARTMENTS = [
  'ฝ่ายความปลอดภัยสารสนเทศ',
  'ฝ่ายบริการลูกค้า',
  'ฝ่ายทรัพยากรบุคคล',
  'ฝ่ายบัญชี',
  'ฝ่ายจัดซื้อ',
  'ฝ่ายผลิต',
  'ฝ่ายคลังสินค้า',
  'ฝ่ายวิจัยและพัฒนา',
  'สำนักกรรมการผู้จัดการ',
  'ฝ่ายสื่อสารองค์กร',
  'ฝ่ายตรวจสอบภายใน',
  'ฝ่ายขนส่ง',
  'ฝ่ายลูกค้าสัมพันธ์',
];

/** Row g's name: an action, a subject, a department and a place, sometimes a Latin system or an e-mail, and its number. */
const NAMES: EventNames = {
  sql: `($4::text[])[g % ${ACTIONS.length} + 1] || ($5::text[])[g % ${SUBJECTS.length} + 1] || ' ' || ($6::text[])[g % ${DEPARTMENTS.length} + 1]
  || ' ' || ($7::text[])[g % ${PLACES.length} + 1]
  || case when g % 26 = 0 then ' ผ่าน VPN' when g % 29 = 0 then ' ในระบบ CRM' when g % 97 = 0 then ' แจ้งโดย it-support@demo.co.th' else '' end
  || ' เลขที่ ' || g`,
  params: [[...ACTIONS], [...SUBJECTS], DEPARTMENTS, [...PLACES]],
};

/** The terms: [what kind, the term as typed]. */
const TERMS: Array<[string, string]> = [
  ['a long rare Thai phrase', 'เวชระเบียนผู้ป่วย ฝ่ายบัญชี'],
  ['a 3-character Thai word', 'ภัย'],
  ['a 2-character Thai word', 'ขน'],
  ['one Thai letter', 'ฆ'],
  ['a word of most rows', 'ข้อมูล'],
  ['a word of every row', 'เลขที่'],
  ['digits', '99999'],
  ['a number of 2 digits', '42'],
  ['a Latin acronym', 'VPN'],
  ['a Latin acronym, lower case', 'crm'],
  ['an e-mail-like token', 'it-support@demo'],
  ['no match (long)', 'ไม่มีเหตุการณ์นี้แน่นอน'],
  ['no match (2 characters)', 'ฎฏ'],
  ['spaces around', '  ข้อมูลลูกค้า  '],
];

interface Kind {
  kind: string;
  term: string;
  shown: number;
  matches: number;
  p50: number;
  p99: number;
  p99Concurrent?: number;
  scan: string;
}

/** The plan's way to the rows: the scan nodes of EXPLAIN, short. */
async function scanOf(db: Db, companyId: string, term: string) {
  const statement = await listStatement(companyId, 1, 1, LIMIT, term.trim());
  const plan = await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off) ${statement.sql}`, statement.params);
  const lines = plan.map((r) => r['QUERY PLAN']);
  const scans = lines
    .map((l) => l.match(/(Bitmap Index Scan on \S+|Index Scan(?: Backward)? using \S+|Index Only Scan using \S+|Seq Scan on \S+)/)?.[1])
    .filter(Boolean);
  return [...new Set(scans)].join(' + ').replace(/risk_master_/g, '');
}

async function measure(db: Db, companyId: string, concurrent: boolean): Promise<Kind[]> {
  const kinds: Kind[] = [];
  for (const [kind, typed] of TERMS) {
    const search = typed.trim(); // what the contract's searchText makes of it
    const call = () => masterPage(db, companyId, { type: RISK_TYPE.event, search, currentPage: 1, limit: LIMIT });
    const first = await call();
    const [{ n }] = await db.query<{ n: number }>(
      `select count(*)::int as n from risk_master where company_id = $1 and type = 1 and strpos(lower(name), lower($2)) > 0`,
      [companyId, search],
    );
    const { p50, p99 } = await timed(CALLS, call, 10);
    let p99Concurrent: number | undefined;
    if (concurrent) {
      const all: number[] = [];
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          for (let i = 0; i < (2 * CALLS) / CONNECTIONS; i++) {
            const t = performance.now();
            await call();
            all.push(performance.now() - t);
          }
        }),
      );
      p99Concurrent = quantile(all, 0.99);
    }
    const scan = await scanOf(db, companyId, typed);
    log(
      `${kind}: ${n} matches, total shown ${first.total}${first.capped ? '+' : ''}, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms` +
        (p99Concurrent === undefined ? '' : `, p99 at ${CONNECTIONS} connections ${p99Concurrent.toFixed(1)} ms`) +
        `; ${scan}`,
    );
    kinds.push({
      kind,
      term: typed,
      shown: first.total,
      matches: n,
      p50,
      p99,
      p99Concurrent,
      scan,
    });
  }
  return kinds;
}

function print(title: string, kinds: Kind[]) {
  const head = ['kind of term', 'term', 'matches', 'total shown', 'p50 ms', 'p99 ms', 'p99 at 10 conn.', 'how the rows are found'];
  const rows = kinds.map((k) => [
    k.kind,
    JSON.stringify(k.term),
    k.matches.toLocaleString('en'),
    k.shown === k.matches ? 'exact' : `${k.shown.toLocaleString('en')}+ (capped)`,
    k.p50.toFixed(1),
    k.p99.toFixed(1),
    k.p99Concurrent === undefined ? '-' : k.p99Concurrent.toFixed(1),
    k.scan,
  ]);
  // Thai combining marks take no column: pad by what the terminal draws
  const width = (s: string) => [...s].filter((c) => !/[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/.test(c)).length;
  const widths = head.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i]))));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i < 2 || i === cells.length - 1 ? c + ' '.repeat(widths[i] - width(c)) : ' '.repeat(widths[i] - width(c)) + c))
      .join('  ')
      .trimEnd();
  console.log(`\n=== ${title} ===`);
  console.log([line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n'));
  const worst = (f: (k: Kind) => number | undefined) => Math.max(...kinds.map((k) => f(k) ?? 0));
  console.log(
    `worst p50 ${worst((k) => k.p50).toFixed(1)} ms, worst p99 ${worst((k) => k.p99).toFixed(1)} ms` +
      (kinds[0].p99Concurrent === undefined ? '' : `, worst p99 at ${CONNECTIONS} connections ${worst((k) => k.p99Concurrent).toFixed(1)} ms`),
  );
}

export async function searchKindsBench() {
  await withDemoDatabase('search', log, async ({ db, companyId }) => {
    await db.query('delete from risk_evaluations where company_id = $1', [companyId]);
    await db.query('delete from risk_master where company_id = $1', [companyId]);
    let t = performance.now();
    await bulkEventsRebuildingSearchIndex(db, companyId, 1, ROWS, NAMES);
    log(`${ROWS.toLocaleString('en')} events in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    print(`every kind of term over ${ROWS.toLocaleString('en')} events (PostgreSQL, page 1 of ${LIMIT})`, await measure(db, companyId, true));
    if (BIG_ROWS > ROWS) {
      t = performance.now();
      await bulkEventsRebuildingSearchIndex(db, companyId, ROWS + 1, BIG_ROWS, NAMES);
      log(`${(BIG_ROWS - ROWS).toLocaleString('en')} more events in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      print(`every kind of term over ${BIG_ROWS.toLocaleString('en')} events (one at a time)`, await measure(db, companyId, false));
    }
  });
}
