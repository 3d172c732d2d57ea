import { randomUUID } from 'node:crypto';
import { COOKIE_DEMO_HOSTS, COOKIE_DEMO_UNDECLARED, cookieDemoChoices, cookieDemoScan, cookieDemoSettings } from '../../../demo';
import type { Queryable } from '../../db/client';
import type { ModuleDemo } from '../../db/seed';
import { judge } from './scan/runner';
import { writeEntries } from './writer';

/** One company's demo website: its banner published (two versions), a month of choices, some undeclared cookies. */
export async function seedCookieDemo(q: Queryable, companyId: string, code: string) {
  const host = COOKIE_DEMO_HOSTS[code] ?? `www.${code.toLowerCase()}.co.th`;
  const settings = cookieDemoSettings();
  const [{ id }] = await q.query<{ id: string }>(
    'insert into cookie_domains (company_id, host, include_subdomains, name, draft) values ($1, $2, true, $3, $4) returning id',
    [companyId, host, code === 'DEMO' ? 'ร้านค้าออนไลน์' : 'เว็บไซต์บริษัท', JSON.stringify(settings)],
  );
  for (const version of [1, 2])
    await q.query(
      `insert into cookie_versions (domain_id, version, company_id, consent_version, settings, published_by, published_at)
       values ($1, $2, $3, 1, $4, 'admin', now() - make_interval(days => $5))`,
      [id, version, companyId, JSON.stringify(settings), version === 1 ? 40 : 10],
    );
  // DEMO's shop was seen loading its banner two hours ago; SIAM's site has gone silent (the staff list warns)
  await q.query(`insert into cookie_banner_seen (domain_id, company_id, last_seen_at) values ($1, $2, now() - make_interval(hours => $3))`, [
    id,
    companyId,
    code === 'DEMO' ? 2 : 12 * 24,
  ]);
  await q.query('select cookie_log_ensure_partitions(2, 3)');
  const visitors = Array.from({ length: 60 }, () => randomUUID());
  const choices = cookieDemoChoices(code === 'DEMO' ? 240 : 30);
  await writeEntries(
    q,
    choices.map((c, i) => ({
      at: new Date(Date.now() - c.daysAgo * 86_400_000 - (i % 12) * 3_600_000),
      companyId,
      domainId: id,
      visitorId: visitors[i % visitors.length],
      version: c.daysAgo > 10 ? 1 : 2,
      method: c.method,
      choices: c.choices,
      path: c.path,
      lang: c.lang,
      gpc: c.method === 'gpc',
      browser: c.browser,
      ipHash: '',
      undeclared: code === 'DEMO' && i < 9 ? [COOKIE_DEMO_UNDECLARED[i % 3]] : [],
    })),
  );
  if (code === 'DEMO') {
    // a finished scan of the shop, two days ago, asked by its administrator (judged by the scanner's own rules)
    const report = judge(cookieDemoScan(host), settings, 2);
    await q.query(
      `insert into cookie_scans (company_id, domain_id, status, requested_by, requested_at, started_at, finished_at, pages, report)
       values ($1, $2, 'done', (select id from users where company_id = $1 and username = 'admin'),
               now() - interval '2 days', now() - interval '2 days', now() - interval '2 days' + interval '94 seconds', $3, $4)`,
      [companyId, id, report.pages.length, JSON.stringify(report)],
    );
  }
  return id;
}

export default { seed: (q, { company, companyId }) => seedCookieDemo(q, companyId, company.code) } satisfies ModuleDemo;
