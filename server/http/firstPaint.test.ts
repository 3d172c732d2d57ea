/**
 * The server's first paint of the sign-in and public pages (server/http/firstPaint.ts): drawn into the
 * page the server sends, in Thai, with everything from the database escaped; the public read's reply
 * handed to the page once; nothing drawn for other pages or for a notice that does not exist.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { configFromEnv } from '../config';
import { openDb, type Db } from '../db/client';
import { migrate } from '../db/migrate';
import { seedDemo } from '../db/seed';
import { escapeHtml, jsonInScript, withFirstPaint } from './firstPaint';

const HOSTILE = `<img src=x onerror="alert(1)">'&</script>`;
// the build's index.html, in short: the nonce placeholder, a preload, the marker, the root
const indexHtml = `<!doctype html><html lang="th"><head><script type="module" crossorigin src="/assets/index-x.js" nonce="__CSP_NONCE__"></script>
<link rel="modulepreload" crossorigin href="/assets/boot-x.js" nonce="__CSP_NONCE__"></head>
<body><!--first-paint: here--><div id="root"><div class="boot" role="progressbar"></div></div></body></html>`;

let dist: string;
let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'pdpa-first-paint-'));
  writeFileSync(join(dist, 'index.html'), indexHtml);
  db = await openDb({ dataDir: 'memory://' });
  await migrate(db);
  await seedDemo(db);
  app = await buildApp(db, { ...configFromEnv({ LOG_LEVEL: 'silent', DATA_DIR: join(dist, 'data') }), distDir: dist });
});

afterAll(async () => {
  await app?.close();
  await db?.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = async (url: string) => {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  const firstPaint = /<div id="first-paint">([\s\S]*?)<\/div><script nonce/.exec(res.body)?.[1];
  return { res, html: res.body, firstPaint };
};

/** A published notice of the demo company with a new latest version titled `title` (versions are append-only). */
async function noticeTitled(title: string) {
  const [v] = await db.query<{ form_id: string; form_ref: string; company_id: string }>(
    `select v.form_id, f.form_ref, v.company_id from consent_form_versions v join consent_forms f on f.id = v.form_id
      order by v.published_at desc limit 1`,
  );
  await db.query(
    `insert into consent_form_versions (company_id, form_id, version, content, text_hash, published_by)
     select company_id, form_id, version + 1, jsonb_set(content, '{draft,header,projectName}', to_jsonb($2::text)), md5($2::text || version), null
       from consent_form_versions where form_id = $1 order by version desc limit 1`,
    [v!.form_id, title],
  );
  return v!;
}

describe('escaping', () => {
  it('turns every character that could start markup into text', () => {
    expect(escapeHtml(HOSTILE)).toBe('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&#39;&amp;&lt;/script&gt;');
  });

  it('keeps a JSON reply inside its script element', () => {
    const json = JSON.stringify({ title: HOSTILE });
    expect(jsonInScript(json)).not.toContain('</script>');
    expect(JSON.parse(jsonInScript(json))).toEqual({ title: HOSTILE });
  });

  it('leaves a page without a first paint as it was', () => {
    expect(withFirstPaint(indexHtml, undefined, 'n')).toBe(indexHtml);
  });
});

describe('the pages the server draws first', () => {
  it('/login: the sign-in card with its Thai heading, the scripts fetched after it', async () => {
    const { firstPaint, html } = await page('/login');
    expect(firstPaint).toContain('<h1 class="fp-h5 fp-center">เข้าสู่ระบบสำหรับเจ้าหน้าที่</h1>');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<div id="root">');
  });

  it("/login of a signed-in visitor (the application's): nothing drawn", async () => {
    const res = await app.inject({ method: 'GET', url: '/login', headers: { cookie: `a=1; pdpa_user=${encodeURIComponent('{"user":{}}')}` } });
    expect(res.body).not.toContain('id="first-paint"');
    expect(res.body).toContain('modulepreload');
  });

  it('/dsrtracking: its heading and introduction', async () => {
    const { firstPaint } = await page('/dsrtracking');
    expect(firstPaint).toContain('ติดตามสถานะคำขอใช้สิทธิ');
    expect(firstPaint).toContain('กรอกเลขอ้างอิงและอีเมลที่ใช้ยื่นคำขอ');
  });

  it("a notice's title typed by staff is drawn as text, never as markup, in the page and in the handed-over reply", async () => {
    const v = await noticeTitled(HOSTILE);
    for (const url of [`/consent/form/${v.form_ref}/${v.form_id}`, `/privacy-policy/${v.company_id}/${v.form_id}`]) {
      const { firstPaint, html } = await page(url);
      expect(firstPaint).toContain(`<h1 class="fp-h5 fp-title">${escapeHtml(HOSTILE)}</h1>`);
      expect(html).not.toContain('<img src=x');
      const sent = /<script type="application\/json" id="first-read" data-path="([^"]+)">([\s\S]*?)<\/script>/.exec(html);
      expect(sent).not.toBeNull();
      expect(JSON.parse(sent![2]!).notice.draft.header.projectName).toBe(HOSTILE);
      // the same reply the page would have asked for
      const api = await app.inject({ method: 'GET', url: `/api/v1${sent![1]}` });
      expect(JSON.parse(sent![2]!)).toEqual(api.json());
    }
  });

  it('the consent form page: the notice under the form title', async () => {
    const v = await noticeTitled('โครงการสมาชิก');
    const { firstPaint } = await page(`/consent/form/${v.form_ref}/${v.form_id}`);
    expect(firstPaint).toContain('<p class="fp-overline">แบบขอความยินยอม</p>');
    expect(firstPaint).toContain('โครงการสมาชิก');
    expect(firstPaint).toContain('เราเก็บข้อมูลของท่านเพื่อ');
  });

  it("a notice's transfers abroad from the register: the country in Thai, the importer as text, the basis in the subject's words", async () => {
    const v = await noticeTitled('โครงการสมาชิก');
    const { firstPaint } = await page(`/privacy-policy/${v.company_id}/${v.form_id}`);
    expect(firstPaint).toContain('สิงคโปร์: ส่งให้ MailFlow Pte. Ltd. (คุ้มครองด้วยข้อสัญญามาตรฐานระหว่างผู้ส่งและผู้รับข้อมูล)');
    expect(firstPaint).toContain('สหรัฐอเมริกา: ส่งให้ Nimbus Cloud Services, Inc.');
    await db.query(
      `insert into consent_form_versions (company_id, form_id, version, content, text_hash, published_by)
       select company_id, form_id, version + 1, jsonb_set(content, '{transfers,0,importer}', to_jsonb($2::text)), md5($2::text || version), null
         from consent_form_versions where form_id = $1 order by version desc limit 1`,
      [v.form_id, HOSTILE],
    );
    const hostile = await page(`/privacy-policy/${v.company_id}/${v.form_id}`);
    expect(hostile.firstPaint).toContain(`สิงคโปร์: ส่งให้ ${escapeHtml(HOSTILE)}`);
    expect(hostile.html).not.toContain('<img src=x');
  });

  it("a request form's title and the controller's name", async () => {
    const [form] = await db.query<{ id: string }>('select id from dsr_forms where published order by created_at limit 1');
    const reply = (await app.inject({ method: 'GET', url: `/api/v1/consents/datasubject/public/${form!.id}` })).json();
    const { firstPaint } = await page(`/datasubject/form/${form!.id}`);
    expect(firstPaint).toContain(escapeHtml(reply.form.texts.th.title));
    expect(firstPaint).toContain(escapeHtml(reply.form.controller.nameTh));
  });

  it("the English visitor's switch carries the reply's script nonce, the one the CSP allows", async () => {
    const { res, html } = await page('/dsrtracking');
    const nonce = /<script nonce="([^"]+)">try\{if\(localStorage/.exec(html)?.[1];
    expect(nonce).toBeTruthy();
    expect(String(res.headers['content-security-policy'])).toMatch(new RegExp(`script-src[^;]*'nonce-${nonce}'`));
  });

  it.each(['/consent/form/nope/00000000-0000-0000-0000-000000000000', '/datasubject/form/not-a-form', '/', '/risk'])(
    '%s: nothing drawn (no such form, or not a public page), the page as built',
    async (url) => {
      const { firstPaint, html } = await page(url);
      expect(firstPaint).toBeUndefined();
      expect(html).toContain('modulepreload');
      expect(html).not.toContain('first-read');
    },
  );
});
