/**
 * How the UI's files and the API's replies travel: the build's brotli and gzip copies by the browser's
 * Accept-Encoding, long immutable caching for hashed files, no-cache for index.html (also when it
 * answers an SPA route), and the API's JSON compressed on the fly.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressDir } from '../scripts/compress-dist.mjs';
import { buildApp } from './app';
import { configFromEnv } from './config';
import { openDb, type Db } from './db/client';
import { migrate } from './db/migrate';
import { seedDemo } from './db/seed';

const ASSET = '/assets/LoginShell-Ab3dE9_x.js';
const FONT = '/assets/sarabun-thai-400-normal-C2DaJlKK.woff2';
const IMMUTABLE = 'public, max-age=31536000, immutable';

// a bundle-like file: repetitive enough that compression matters, as a real chunk's
const script = Array.from({ length: 400 }, (_, i) => `export const label${i} = () => 'ลงชื่อเข้าใช้ระบบ ${i % 7}';`).join('\n');
const indexHtml = `<!doctype html><html lang="th"><head><meta charset="UTF-8" /><title>ระบบบริหารจัดการข้อมูลส่วนบุคคล (PDPA)</title>
<script type="module" crossorigin src="${ASSET}"></script></head><body><div id="root"></div></body></html>`;
const font = Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 7919) % 256));

let dist: string;
let dataDir: string;
let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'pdpa-dist-'));
  dataDir = mkdtempSync(join(tmpdir(), 'pdpa-static-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), indexHtml);
  writeFileSync(join(dist, ASSET), script);
  writeFileSync(join(dist, FONT), font);
  writeFileSync(join(dist, 'cookie-banner.js'), script);
  await compressDir(dist);
  db = await openDb({ dataDir: 'memory://' });
  await migrate(db);
  await seedDemo(db);
  app = await buildApp(db, { ...configFromEnv({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }), distDir: dist });
});

afterAll(async () => {
  await app?.close();
  await db?.close();
  rmSync(dist, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('the build step', () => {
  it('writes a smaller brotli and gzip copy beside each text file, none beside a font', () => {
    const raw = readFileSync(join(dist, ASSET));
    expect(brotliDecompressSync(readFileSync(join(dist, `${ASSET}.br`))).equals(raw)).toBe(true);
    expect(gunzipSync(readFileSync(join(dist, `${ASSET}.gz`))).equals(raw)).toBe(true);
    expect(readFileSync(join(dist, `${ASSET}.br`)).length).toBeLessThan(raw.length / 4);
    expect(() => readFileSync(join(dist, `${FONT}.br`))).toThrow(/ENOENT/);
  });
});

describe('a hashed asset', () => {
  it('comes as brotli when the browser accepts it, cached for a year', async () => {
    const res = await get(ASSET, 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('comes as gzip when only gzip is accepted', async () => {
    const res = await get(ASSET, 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('comes as it is when no encoding is accepted', async () => {
    for (const accept of [undefined, 'identity']) {
      const res = await get(ASSET, accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.body).toBe(script);
    }
  });

  it('a font has no copy: it comes as it is, cached for a year', async () => {
    const res = await get(FONT, 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.rawPayload.equals(font)).toBe(true);
  });
});

describe('index.html', () => {
  it.each(['/', '/login', '/dsrtracking'])('%s comes compressed and is never cached stale', async (url) => {
    const br = await get(url, 'br, gzip');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/html/);
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(indexHtml);

    const gzip = await get(url, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(indexHtml);

    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(indexHtml);
  });
});

describe('the API', () => {
  const publicForm = async () => {
    const [{ id }] = await db.query<{ id: string }>('select id from dsr_forms where published order by created_at limit 1');
    return `/api/v1/consents/datasubject/public/${id}`;
  };

  it('compresses a JSON reply when the client accepts it, and never caches it', async () => {
    const url = await publicForm();
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get(url, 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });

  it('leaves a small reply as it is', async () => {
    const res = await get('/api/v1/health', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe("the cookie banner's file", () => {
  it("may be loaded by other sites (Cross-Origin-Resource-Policy: cross-origin), compressed or not; the application's files may not", async () => {
    for (const encoding of [undefined, 'br', 'gzip']) {
      const reply = await get('/cookie-banner.js', encoding);
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['cross-origin-resource-policy']).toBe('cross-origin');
      // every page view of a customer's site loads it: kept an hour, not revalidated each time
      expect(reply.headers['cache-control']).toBe('public, max-age=3600, stale-while-revalidate=86400');
    }
    expect((await get(ASSET)).headers['cross-origin-resource-policy']).toBe('same-site');
  });
});
