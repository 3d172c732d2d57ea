import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validate } from '@readme/openapi-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureSchema } from '../../contract/http';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { openDb, type Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';
import type { OpenApiDocument } from '../../server/http/openapi';
import { isKeyAccess, type RouteSpec } from '../../server/http/route';
import { openSession } from '../../server/modules/auth/sessions';
import { allRoutes } from '../../server/modules';

/**
 * The API's description of itself (`GET /api/v1/openapi.json`) against the routes the server really
 * registers (`allRoutes()`), and its reference page (`/api/docs`). Server only: the fake-api has no
 * description of its own.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'pdpa-openapi-'));
const config = { ...configFromEnv({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }), distDir: undefined };
const routes = await allRoutes(config);
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

type Operation = {
  tags: string[];
  security: Record<string, string[]>[];
  'x-access': unknown;
  description: string;
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }>; $ref?: string }>;
};

/** Fastify's `:name` (and `:name(pattern)`) as OpenAPI's `{name}`; an optional `:name?` gives both paths. */
function pathsOf(url: string): string[] {
  const full = url.replace(/:(\w+)(\([^)]*\))?\??/g, '{$1}');
  return /\?$/.test(url) ? [full.replace(/\/\{\w+\}$/, '') || '/', full] : [full];
}
const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

let db: Db;
let app: FastifyInstance;
let doc: OpenApiDocument;
let adminToken: string;

const operationOf = (r: RouteSpec, path = pathsOf(r.url)[0]) => doc.paths[path]?.[r.method.toLowerCase()] as Operation | undefined;

beforeAll(async () => {
  db = await openDb({ dataDir: 'memory://' });
  await migrate(db);
  await seedDemo(db);
  app = await buildApp(db, config);
  const [admin] = await db.query<{ id: string; company_id: string }>(
    `select u.id, u.company_id from users u join companies c on c.id = u.company_id where c.code = 'DEMO' and u.username = 'admin'`,
  );
  adminToken = await openSession(db, { userId: admin.id, companyId: admin.company_id }, { ip: '127.0.0.1' });
  // asked as a stranger would: no session
  const reply = await app.inject({ url: '/api/v1/openapi.json' });
  expect(reply.statusCode, reply.body.slice(0, 300)).toBe(200);
  expect(reply.headers['content-type']).toMatch(/^application\/json/);
  doc = reply.json();
});

afterAll(async () => {
  await app?.close();
  await db?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('GET /api/v1/openapi.json', () => {
  it('lists every route of allRoutes(), by method and path, and nothing else', () => {
    const expected = routes.flatMap((r) => pathsOf(r.url).map((p) => key(r.method, p))).sort();
    const documented = Object.entries(doc.paths)
      .flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((m) => key(m, path)))
      .sort();
    expect(expected.length).toBeGreaterThan(80);
    expect(documented).toEqual(expected);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/api/v1' }]);
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? [] : result.errors.slice(0, 3)).toEqual([]);
  });

  it('is refused by the same validator when broken (the check can fail)', async () => {
    const broken = structuredClone(doc) as unknown as { paths: Record<string, Record<string, Operation>> };
    // a path parameter no operation declares
    delete broken.paths['/roles/{id}'].get.parameters;
    expect((await validate(broken as never)).valid).toBe(false);
  });

  it('declares, per call, its access, its security and its refusals', () => {
    for (const r of routes) {
      const op = operationOf(r)!;
      const label = `${r.method} ${r.url}`;
      if (r.access === 'public') {
        expect(op['x-access'], label).toBe('public');
        expect(op.security, label).toEqual([]);
        expect(op.responses['401'], label).toBeUndefined();
      } else {
        expect(op.security, label).toEqual([{ bearer: [] }]);
        expect(op.responses['401'], label).toBeDefined();
      }
      if (r.access === 'session') expect(op['x-access'], label).toBe('session');
      if (isKeyAccess(r.access)) {
        expect(op['x-access'], label).toEqual({ apiScope: r.access.apiScope });
        expect(op.description, label).toContain(`scope \`${r.access.apiScope}\``);
        expect(op.responses['403'], label).toBeDefined();
      } else if (typeof r.access === 'object') {
        expect(op['x-access'], label).toEqual({ menuId: r.access.menuId, write: Boolean(r.access.write) });
        expect(op.description, label).toContain(`menu ${r.access.menuId}`);
        expect(op.responses['403'], label).toBeDefined();
      }
      expect(op.tags, label).toHaveLength(1);
      // any failure is the error handler's { status, msg }
      expect(op.responses.default.$ref, label).toBe('#/components/responses/Failure');
    }
    expect(doc.components.securitySchemes.bearer).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
    expect(doc.components.schemas.Failure).toEqual(expect.objectContaining({ required: ['status', 'msg'] }));
    // the document itself is public, through route() like every other call
    const self = routes.find((r) => r.method === 'GET' && r.url === '/openapi.json');
    expect(self?.access).toBe('public');
    expect(new Set(routes.map((r) => operationOf(r)!.tags[0]))).toEqual(new Set(doc.tags.map((t) => t.name)));
  });

  it('describes the parameters, bodies and replies the routes declare', () => {
    for (const r of routes) {
      const op = operationOf(r)!;
      const label = `${r.method} ${r.url}`;
      const params = op.parameters ?? [];
      for (const name of [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1])) {
        expect(
          params.find((p) => p.in === 'path' && p.name === name),
          `${label}: path parameter ${name}`,
        ).toMatchObject({ required: true });
      }
      if (r.query && 'shape' in r.query) {
        for (const name of Object.keys(r.query.shape as object)) {
          expect(
            params.find((p) => p.in === 'query' && p.name === name),
            `${label}: query parameter ${name}`,
          ).toBeDefined();
        }
      }
      const body = r.body ?? r.describedBody;
      if (body) {
        expect(Object.keys(op.requestBody?.content ?? {}), label).toEqual([r.multipart ? 'multipart/form-data' : 'application/json']);
      } else {
        expect(op.requestBody, label).toBeUndefined();
      }
      expect(Boolean(op.responses['200'].content), label).toBe(Boolean(r.reply));
    }
    expect(routes.filter((r) => r.reply).length).toBeGreaterThan(40);
  });

  it("shows replies as the server really sends them (every reading call that needs no input, as DEMO's admin)", async () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    const callable = routes.filter(
      (r) => r.method === 'GET' && r.reply && !r.url.includes(':') && !(operationOf(r)!.parameters ?? []).some((p) => p.required),
    );
    expect(callable.length).toBeGreaterThan(12);
    const get = (url: string) => app.inject({ url: `/api/v1${url}`, headers: { authorization: `Bearer ${adminToken}` } });
    const expectDescribed = async (r: RouteSpec, url: string) => {
      const reply = await get(url);
      const label = `${r.method} ${url}: ${reply.body.slice(0, 300)}`;
      expect(reply.statusCode, label).toBe(200);
      const schema = operationOf(r)!.responses['200'].content!['application/json'].schema;
      const check = ajv.compile({ ...schema, components: doc.components });
      expect(check(reply.json()), `${label}\n${ajv.errorsText(check.errors)}`).toBe(true);
    };
    for (const r of callable) await expectDescribed(r, r.url);

    // and a few that need an id or a required parameter, filled from the demo data
    const byUrl = (url: string) => routes.find((r) => r.method === 'GET' && r.url === url)!;
    const [role] = (await get('/roles')).json().data as { id: string }[];
    const [person] = (await get('/user/contact/list')).json().contactList as { _id: string }[];
    await expectDescribed(byUrl('/datarisk/list'), '/datarisk/list?type=1');
    await expectDescribed(byUrl('/datarisk/list'), '/datarisk/list?type=2');
    await expectDescribed(byUrl('/roles/:id'), `/roles/${role.id}`);
    await expectDescribed(byUrl('/people/:id'), `/people/${person._id}`);
  });
});

describe('/api/docs', () => {
  it("serves the reference page to anyone, under the app's Content-Security-Policy", async () => {
    const reply = await app.inject({ url: '/api/docs' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(reply.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    // scripts from this server only: nothing inline, no eval
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    // no inline script (the policy forbids it) and nothing from another origin
    expect(reply.body).not.toMatch(/<script>|<script\s[^>]*>[^<\s]/);
    expect(reply.body).not.toMatch(/https?:\/\//);
    expect(reply.body).toContain('id="swagger-ui"');
  });

  it('serves every file the page loads, and the initializer points at the document', async () => {
    const page = (await app.inject({ url: '/api/docs' })).body;
    const assets = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets).toEqual(expect.arrayContaining(['/api/docs/swagger-ui.css', '/api/docs/swagger-ui-bundle.js', '/api/docs/initializer.js']));
    const types: Record<string, RegExp> = { js: /javascript/, css: /^text\/css/, png: /^image\/png/ };
    for (const asset of assets) {
      const reply = await app.inject({ url: asset });
      expect(reply.statusCode, asset).toBe(200);
      expect(reply.headers['content-type'], asset).toMatch(types[asset.split('.').pop()!]);
      expect(reply.rawPayload.length, asset).toBeGreaterThan(100);
    }
    const initializer = (await app.inject({ url: '/api/docs/initializer.js' })).body;
    expect(initializer).toContain("url: '/api/v1/openapi.json'");
    expect(initializer).toContain('validatorUrl: null');
  });

  it('serves nothing else under /api/docs (a JSON 404, not the application)', async () => {
    for (const url of ['/api/docs/package.json', '/api/docs/index.html', '/api/docs/swagger-ui.js', '/api/docs/nothing']) {
      const reply = await app.inject({ url });
      expect(reply.statusCode, url).toBe(404);
      expect(failureSchema.parse(reply.json()).status).toBe(404);
    }
  });
});
