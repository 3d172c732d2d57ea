import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../../../contract/http';
import type { CookieScanReport, CookieScanRow } from '../../../../contract/cookieScan';
import type { CookieSettings } from '../../../../contract/cookie';
import { buildApp } from '../../../app';
import { configFromEnv } from '../../../config';
import { openDb, type Db } from '../../../db/client';
import { migrate } from '../../../db/migrate';
import { seedDemo } from '../../../db/seed';
import { signinTokenFor } from '../../auth/routes';
import { startTestSite, type TestSite } from './testSite';

/**
 * The scanner end to end in a real app on the embedded database: a person registers the local test
 * site, declares one cookie, publishes, asks for a scan; the server's worker runs it in Chromium, and
 * the report, the undeclared cookies, the list, the PDF and the refusals follow.
 */
describe('the cookie scanner through the API', () => {
  let db: Db;
  let app: FastifyInstance;
  let site: TestSite;
  const dataDir = mkdtempSync(join(tmpdir(), 'pdpa-scan-'));
  const tokens: Record<string, string> = {};
  let domainId = '';

  const call = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    app.inject({
      method,
      url: API_BASE + url,
      payload: payload as object,
      headers: { authorization: `Bearer ${tokens[who]}`, 'x-requested-with': 'XMLHttpRequest', 'accept-language': 'th' },
    });

  beforeAll(async () => {
    site = await startTestSite();
    db = await openDb({ dataDir: 'memory://' });
    await migrate(db);
    await seedDemo(db);
    const config = configFromEnv({
      DATA_DIR: dataDir,
      DIST_DIR: join(dataDir, 'no-ui'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'error',
      COOKIE_SCAN_ALLOW_PRIVATE: '1',
    } as NodeJS.ProcessEnv);
    app = await buildApp(db, config);
    await app.ready();
    for (const [who, companyCode, username, password] of [
      ['admin', 'DEMO', 'admin', 'admin1234'],
      ['viewer', 'DEMO', 'viewer', 'viewer1234'],
      ['other', 'SIAM', 'admin', 'admin1234'],
    ]) {
      const ts = String(Date.now());
      const res = await app.inject({
        method: 'POST',
        url: `${API_BASE}/user/signin/${ts}`,
        headers: { authorization: `Token ${signinTokenFor(ts)}` },
        payload: { companyCode, username, password },
      });
      expect(res.statusCode, res.body).toBe(200);
      tokens[who!] = res.json().access_token;
    }
    const created = await call('admin', 'POST', '/cookie/domain', { host: site.host, name: 'ร้านทดสอบ', includeSubdomains: false });
    expect(created.statusCode, created.body).toBe(200);
    domainId = created.json().data._id;
    const { settings } = (await call('admin', 'GET', `/cookie/setting/${domainId}`)).json() as { settings: CookieSettings };
    settings.categories
      .find((c) => c.key === 'necessary')!
      .cookies.push({
        name: 'site_session',
        provider: 'ร้านทดสอบ',
        purpose: 'การเข้าใช้งาน',
        duration: 'จนปิดเบราว์เซอร์',
        purposeEn: '',
        durationEn: '',
        party: 'first',
      });
    expect((await call('admin', 'PUT', `/cookie/setting/${domainId}`, { settings })).statusCode).toBe(200);
    expect((await call('admin', 'POST', `/cookie/setting/${domainId}/publish`, {})).statusCode).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await db?.close();
    site?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs a scan asked for, judges what it found against the published banner, and refuses a second one meanwhile', async () => {
    expect((await call('viewer', 'POST', '/cookie/scan', { domainId })).statusCode).toBe(403);
    const asked = await call('admin', 'POST', '/cookie/scan', { domainId });
    expect(asked.statusCode, asked.body).toBe(200);
    const scan = asked.json().data as CookieScanRow;
    expect(['queued', 'running']).toContain(scan.status);
    const again = await call('admin', 'POST', '/cookie/scan', { domainId });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toContain('การสแกน');

    let row = scan;
    let report: CookieScanReport | null = null;
    for (let i = 0; i < 120 && (row.status === 'queued' || row.status === 'running'); i++) {
      await new Promise((r) => setTimeout(r, 500));
      ({ data: row, report } = (await call('viewer', 'GET', `/cookie/scan/${scan._id}`)).json());
    }
    expect(row.status, row.error ?? '').toBe('done');
    expect(row.requestedBy).toBe('สมชาย ใจดี');
    const found = (name: string) => report!.findings.find((f) => f.name === name);
    expect(found('_ga')).toMatchObject({ provider: 'Google Analytics', proposed: 'analytics', declared: null, firedEarly: true, setBy: 'script' });
    expect(found('_fbp')).toMatchObject({ provider: 'Meta (Facebook) Pixel', proposed: 'marketing', firedEarly: true });
    expect(found('site_session')).toMatchObject({ declared: 'necessary', firedEarly: false, setBy: 'header' });
    expect(found('hidden_cookie')).toMatchObject({ provider: null, declared: null, firedEarly: false });
    expect(found('after_consent')).toMatchObject({ beforeConsent: false });
    expect(report!.version).toBe(1);
    // _ga, _fbp, and Hotjar's _hjSession_1 in sessionStorage; undeclared: _ga, _fbp, hidden_cookie, after_consent
    expect(row.counts).toMatchObject({ firedEarly: 3, undeclared: 4 });
    expect(found('pdpa_cc')).toMatchObject({ declared: 'necessary' });

    // what no category declares is waiting in "undeclared" to be sorted; a known one brings its provider along
    const undeclared = (await call('admin', 'GET', `/cookie/undeclared?domainId=${domainId}`)).json().cookieList as { name: string }[];
    expect(undeclared.map((u) => u.name)).toEqual(expect.arrayContaining(['_ga', '_fbp', 'hidden_cookie']));
    expect((await call('admin', 'POST', '/cookie/undeclared/assign', { domainId, name: '_ga', category: 'analytics' })).statusCode).toBe(200);
    const { settings } = (await call('admin', 'GET', `/cookie/setting/${domainId}`)).json() as { settings: CookieSettings };
    expect(settings.categories.find((c) => c.key === 'analytics')!.cookies).toEqual([
      expect.objectContaining({ name: '_ga', provider: 'Google Analytics', purposeEn: 'Tells visitors and visits apart for usage statistics' }),
    ]);

    const list = (await call('viewer', 'GET', `/cookie/scan/list?domainId=${domainId}`)).json();
    expect(list.totalItem).toBe(1);
    expect(list.scanList[0]).toMatchObject({ _id: scan._id, status: 'done', pages: 3 });

    const pdf = await call('viewer', 'GET', `/cookie/scan/${scan._id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const file = join(dataDir, 'scan.pdf');
    writeFileSync(file, pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('รายงานการสแกนคุกกี้');
    expect(text).toContain('Google Analytics');
    expect(text).toContain('ทำงานก่อนได้รับความยินยอม');
    expect(text).toMatch(/25[67]\d/); // a Buddhist-era year
  }, 120_000);

  it("keeps each company's scans to itself", async () => {
    const [{ id }] = await db.query<{ id: string }>('select id from cookie_scans where domain_id = $1', [domainId]);
    expect((await call('other', 'GET', `/cookie/scan/${id}`)).statusCode).toBe(404);
    expect((await call('other', 'GET', `/cookie/scan/${id}/pdf`)).statusCode).toBe(404);
    expect((await call('other', 'POST', '/cookie/scan', { domainId })).statusCode).toBe(404);
    expect((await call('other', 'GET', `/cookie/scan/list?domainId=${domainId}`)).json().totalItem).toBe(0);
  });

  it('refuses a malformed ask with a message in Thai, and storing nothing', async () => {
    const res = await call('admin', 'POST', '/cookie/scan', { domainId: 'not-an-id' });
    expect(res.statusCode).toBe(400);
    expect((await db.query('select 1 from cookie_scans where domain_id = $1', [domainId])).length).toBe(1);
  });
});
