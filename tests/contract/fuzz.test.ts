import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_BASE } from '../../contract/http';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { openDb, type Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';
import type { RouteSpec } from '../../server/http/route';
import { allRoutes } from '../../server/modules';
import { signinTokenFor } from '../../server/modules/auth/routes';

/**
 * Property-based fuzzing of every route of `allRoutes()` (new modules are walked as soon as they are
 * listed): parameters, queries and bodies generated from the route's own zod schemas (as JSON
 * Schema), and hostile values — NUL, lone surrogates, a 1 MB string, deep nesting, wrong types,
 * numbers as strings, prototype keys. Every reply must be below 500, and a refused call (4xx) must
 * store nothing (the audit trail, which every table of the product feeds, does not grow). Signed in
 * as DEMO's administrator (every menu, edit rights), so the routes' own rules are reached. A seed
 * makes a failure reproducible: FUZZ_SEED=<n>; FUZZ_RUNS=<n> generated calls per route (default 6).
 */
type Json = Record<string, unknown>;

const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);

/** Calls that end the session or refuse by design after writing their own trail (a failed sign-in is audited). */
const AUDITED_REFUSALS = new Set(['POST /user/signin/:timestamp']);
const ENDS_SESSION = new Set(['POST /user/logout', 'POST /user/sessions/revoke-all', 'DELETE /user/sessions/:id']);

const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFF',
  "'; drop table users; --",
  '=cmd|" /C calc"!A0',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '',
];
const hostileString = fc.constantFrom(...HOSTILE_STRINGS);
const wrongType = fc.constantFrom<unknown>(null, 0, -1, 1e308, true, [], {}, '1', 'true', 'null', [1, 'a'], { __proto__: 1 });

/** A fast-check arbitrary for a JSON Schema made by `z.toJSONSchema` (the subset the contract uses). */
function arbitraryOf(schema: Json, root: Json, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').pop()!;
    const defs = (root.$defs ?? root.definitions ?? {}) as Record<string, Json>;
    return defs[name] ? arbitraryOf(defs[name], root, depth + 1) : fc.constant(null);
  }
  if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) {
    const options = ((schema.anyOf ?? schema.oneOf) as Json[]).map((s) => arbitraryOf(s, root, depth + 1));
    return fc.oneof(...options);
  }
  if (Array.isArray(schema.allOf)) return arbitraryOf(schema.allOf[0] as Json, root, depth + 1);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      const min = Number(schema.minLength ?? 0);
      const max = Math.min(Number(schema.maxLength ?? 40), Math.max(min, 40));
      if (schema.format === 'uuid') return fc.uuid({ version: 4 });
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'date-time')
        return fc.date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2100-01-01') }).map((d) => d.toISOString());
      if (schema.format === 'date')
        return fc.date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2100-01-01') }).map((d) => d.toISOString().slice(0, 10));
      return fc.oneof(
        fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }),
        fc.constantFrom('ทดสอบ', 'สมชาย ใจดี', 'a'.repeat(Math.max(min, 1))),
      );
    }
    case 'integer':
      return fc.integer({ min: Number(schema.minimum ?? -1000), max: Math.min(Number(schema.maximum ?? 100_000), 1e9) });
    case 'number':
      return fc.double({ min: Number(schema.minimum ?? -1e6), max: Number(schema.maximum ?? 1e6), noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = (schema.items ?? {}) as Json;
      const minLength = Number(schema.minItems ?? 0);
      return fc.array(arbitraryOf(items, root, depth + 1), { minLength, maxLength: Math.max(minLength, Math.min(Number(schema.maxItems ?? 3), 3)) });
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Json>;
      const required = new Set((schema.required ?? []) as string[]);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, sub] of Object.entries(properties)) record[key] = arbitraryOf(sub, root, depth + 1);
      return fc.record(record, { requiredKeys: Object.keys(properties).filter((k) => required.has(k)) });
    }
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.constant(null));
  }
}

const schemaArbitrary = (schema: z.ZodType | undefined): fc.Arbitrary<unknown> => {
  if (!schema) return fc.constant(undefined);
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  return arbitraryOf(json, json);
};

/** Replaces leaves of `value` by hostile values, now and then. */
function spoil(value: unknown, rnd: () => number, depth = 0): unknown {
  if (depth > 8) return value;
  if (Array.isArray(value)) return value.map((v) => spoil(v, rnd, depth + 1));
  if (value && typeof value === 'object') {
    const out: Json = {};
    for (const [k, v] of Object.entries(value)) out[k] = spoil(v, rnd, depth + 1);
    return out;
  }
  const r = rnd();
  if (r < 0.12) return HOSTILE_STRINGS[Math.floor(rnd() * HOSTILE_STRINGS.length)];
  if (r < 0.2) return typeof value === 'number' ? String(value) : typeof value === 'string' ? 12345 : 'x';
  return value;
}

/** The fixed hostile bodies every route gets (on top of the generated ones). */
const HOSTILE_BODIES: Array<[string, string]> = [
  ['deep nesting', '['.repeat(5000) + ']'.repeat(5000)],
  ['a prototype key', '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}'],
  ['a NUL in a key', '{"a\\u0000":1}'],
  ['a lone surrogate', '{"name":"\\ud800"}'],
  ['a 1 MB string', JSON.stringify({ name: 'ก'.repeat(350_000) })],
  ['wrong types', '{"name":[],"id":{},"page":"1e309","limit":-1}'],
  ['not an object', '"just text"'],
  ['malformed', '{"a":'],
];

/** encodeURIComponent, but a lone surrogate is sent as its (invalid) UTF-8 bytes rather than refused here. */
const enc = (text: string) =>
  text
    .split(/([\uD800-\uDFFF])/)
    .map((part) => {
      if (part.length !== 1 || part.charCodeAt(0) < 0xd800 || part.charCodeAt(0) > 0xdfff) return encodeURIComponent(part);
      const cp = part.charCodeAt(0);
      return [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    })
    .join('');

function pathOf(spec: RouteSpec, params: unknown): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return API_BASE + spec.url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => enc(String(values[name] ?? 'x')));
}

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const params: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    params.push(`${enc(key)}=${enc(typeof value === 'string' ? value : JSON.stringify(value))}`);
  }
  return params.length ? `?${params.join('&')}` : '';
}

const routes = await allRoutes(configFromEnv({}));

describe('fuzzing every route of allRoutes()', () => {
  let db: Db;
  let app: FastifyInstance;
  let token = '';
  const dataDir = mkdtempSync(join(tmpdir(), 'pdpa-fuzz-'));
  const stats = { requests: 0, byStatus: new Map<number, number>() };

  const signIn = async () => {
    const ts = String(Date.now());
    const reply = await app.inject({
      method: 'POST',
      url: `${API_BASE}/user/signin/${ts}`,
      headers: { authorization: `Token ${signinTokenFor(ts)}`, 'x-requested-with': 'XMLHttpRequest', 'x-forwarded-for': '203.0.113.250' },
      payload: { companyCode: 'DEMO', username: 'admin', password: 'admin1234' },
    });
    token = reply.json().access_token;
  };
  const auditCount = async () => (await db.query<{ n: number }>('select count(*)::int as n from audit_log'))[0].n;

  beforeAll(async () => {
    db = await openDb({ dataDir: 'memory://' });
    await migrate(db);
    await seedDemo(db);
    app = await buildApp(db, { ...configFromEnv({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, TRUST_PROXY: '1' }), distDir: undefined });
    await app.ready();
    await signIn();
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
    console.log(
      `fuzz: ${stats.requests} requests over ${routes.length} routes; statuses ${JSON.stringify(Object.fromEntries([...stats.byStatus].sort()))}`,
    );
  });

  /** Sends one call; fails on a 5xx, or on a 4xx that stored something. */
  async function send(spec: RouteSpec, what: string, url: string, payload: string | undefined) {
    const key = `${spec.method} ${spec.url}`;
    const before = await auditCount();
    const reply = await app.inject({
      method: spec.method,
      url,
      headers: {
        authorization: `Bearer ${token}`,
        'x-requested-with': 'XMLHttpRequest',
        // each route its own address, so one route's limits do not hide another's answers
        'x-forwarded-for': `10.${stats.requests % 250}.${Math.floor(stats.requests / 250) % 250}.1`,
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      payload,
    });
    stats.requests++;
    stats.byStatus.set(reply.statusCode, (stats.byStatus.get(reply.statusCode) ?? 0) + 1);
    expect(reply.statusCode, `${key} with ${what}: ${reply.body.slice(0, 300)}`).toBeLessThan(500);
    if (reply.statusCode >= 400 && !AUDITED_REFUSALS.has(key)) {
      expect(await auditCount(), `${key} with ${what} answered ${reply.statusCode} but stored something`).toBe(before);
    }
    if (ENDS_SESSION.has(key) || reply.statusCode === 401) await signIn();
  }

  it.each(routes.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s: never a 5xx, nothing stored on a 4xx',
    async (_name, spec) => {
      const hasBody = spec.method !== 'GET' && spec.method !== 'HEAD' && spec.method !== 'DELETE';
      const input = fc.record({
        params: schemaArbitrary(spec.params),
        query: schemaArbitrary(spec.query),
        body: schemaArbitrary(spec.body ?? spec.describedBody),
        spoilSeed: fc.integer(),
      });
      const samples = fc.sample(input, { numRuns: RUNS, seed: SEED });
      for (const [i, sample] of samples.entries()) {
        // the first half as generated, the rest with hostile leaves
        let state = sample.spoilSeed;
        const rnd = () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
        const spoiled = i >= RUNS / 2;
        const params = spoiled ? spoil(sample.params, rnd) : sample.params;
        const query = spoiled ? spoil(sample.query, rnd) : sample.query;
        const body = spoiled ? spoil(sample.body, rnd) : sample.body;
        await send(
          spec,
          `${spoiled ? 'spoiled' : 'generated'} ${JSON.stringify({ params, query, body }).slice(0, 200)}`,
          pathOf(spec, params) + queryString(query),
          hasBody ? JSON.stringify(body ?? {}) : undefined,
        );
      }
      // hostile values in each place
      for (const [i, bad] of fc.sample(fc.oneof(hostileString, wrongType), { numRuns: 3, seed: SEED }).entries()) {
        const text = typeof bad === 'string' ? bad : JSON.stringify(bad);
        const params = Object.fromEntries([...spec.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => [m[1], text]));
        await send(
          spec,
          `hostile params/query #${i} ${JSON.stringify(text)}`,
          pathOf(spec, params) + `?id=${enc(text)}&search=${enc(text)}&range=${enc(text)}`,
          hasBody ? '{}' : undefined,
        );
      }
      if (hasBody) for (const [what, payload] of HOSTILE_BODIES) await send(spec, what, pathOf(spec, {}), payload);
    },
    60_000,
  );
});
