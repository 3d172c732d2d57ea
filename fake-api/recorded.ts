/**
 * The replies recorded from the real server (`npm run fake:record`, scripts/fake-record.ts): one file
 * per demo company, and the server's route catalog. The demo data's times are relative to the day of
 * the seed, so on load every recorded instant and day moves on by the time since the recording.
 */
import { readFileSync } from 'node:fs';
import type { Endpoint } from './definitions';

type Fields = Record<string, unknown>;

export interface Recording {
  company: string;
  recordedAt: string;
  /** username -> the sign-in's `user` */
  users: Record<string, Fields>;
  /** `<resource> <verb or call>[ <path>]` -> the reply (and its Content-Range) */
  replies: Record<string, { body: Fields; range?: string }>;
}

/** One server route: its access and its contract schemas as `<contract file>.<export>`. */
export interface RouteEntry {
  method: string;
  url: string;
  access: 'public' | 'session' | { menuId: number; write?: boolean };
  query?: string;
  body?: string;
  /** the body a handler checks itself, from the body and the query (`describedBody`) */
  input?: string;
  params?: string;
  /** a path's schema the contract does not name, as JSON Schema */
  paramsJson?: Record<string, unknown>;
  /** a list's row made blank from its reply's schema (a new row's shape when none was recorded) */
  blankRow?: Record<string, unknown>;
  /** the fields of the record a POST answers that its schema lets be null (a new record holds them null) */
  nulls?: Record<string, unknown>;
  /** the keys of the reply's schema (a write's reply: the record under `data`, nothing, or the record) */
  replyKeys?: string[];
  /** takes multipart/form-data (an upload) */
  multipart?: boolean;
}

/** The rows of a list's reply: its first array, at the top or one level down. */
export function rowsOf(body: Fields): Fields[] {
  for (const value of Object.values(body)) if (Array.isArray(value)) return value as Fields[];
  for (const value of Object.values(body))
    if (value && typeof value === 'object') for (const inner of Object.values(value)) if (Array.isArray(inner)) return inner as Fields[];
  return [];
}

const INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;
const DAY = /^\d{4}-\d\d-\d\d$/;

/** The day in Bangkok (UTC+7 all year) of an instant, as days since 1970. */
export const bangkokDay = (ms: number) => Math.floor((ms + 7 * 3_600_000) / 86_400_000);

/** Moves every instant by `ms` and every day by the days Bangkok's calendar moved on in that time (from `from`). */
export function shiftTimes<T>(value: T, ms: number, from = Date.now() - ms): T {
  const days = bangkokDay(from + ms) - bangkokDay(from);
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      if (INSTANT.test(v)) return new Date(Date.parse(v) + ms).toISOString();
      if (DAY.test(v)) return new Date(Date.parse(`${v}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
      return v;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}

const read = (name: string) => JSON.parse(readFileSync(new URL(`./recorded/${name}`, import.meta.url), 'utf8')) as unknown;

/** The recordings of the demo companies, their times moved on to now. */
export function loadRecordings(codes: string[], now = Date.now()): Recording[] {
  return codes.map((code) => {
    const r = read(`${code}.json`) as Recording;
    return shiftTimes(r, now - Date.parse(r.recordedAt), Date.parse(r.recordedAt));
  });
}

export const loadRouteCatalog = () => read('routes.json') as RouteEntry[];

/** Where a recording keeps a read: a list or a call without parameters by its name, a record's read by its path too. */
export const listKey = (e: Endpoint) => `${e.resource} ${e.name}`;
export const readKey = (e: Endpoint, path: string, query: Fields) =>
  `${e.resource} ${e.name} ${path}${e.idIn?.in === 'query' ? `?${e.idIn.key}=${String(query[e.idIn.key])}` : ''}`;
