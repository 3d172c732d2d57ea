import { BEACON_MAX_BYTES, CHOICE_KEY, COOKIE_METHODS, cookieBeacon, type CookieBeacon } from '../../../contract/cookie';
import { ApiError } from '../../http/errors';
import { badTextPath, isCleanText } from '../../http/inputGuard';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const METHODS: ReadonlySet<unknown> = new Set(COOKIE_METHODS);
const BEACON_KEYS: ReadonlySet<string> = new Set(['d', 'v', 'id', 'm', 'c', 'p', 'l', 'gpc', 'u', 't', 's']);
const isPlainObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && Object.getPrototypeOf(x) === Object.prototype;

/**
 * The beacon as the banner sends it, checked by hand: what `cookieBeacon` (the contract's schema)
 * accepts AND holds only text the database can store (`badTextPath`), with the schema's defaults
 * filled in — or undefined, for anything else. Never wider than the schema: whatever it does not
 * recognise at once (an upper-case id, an unknown key, a surrogate, …) goes to the schema itself,
 * which gives the answer (fastLane.test.ts compares the two on good and bad beacons). It exists
 * because the beacon is the busiest request of the product and the schema's generic walk costs
 * several times this.
 */
export function quickBeacon(x: unknown): CookieBeacon | undefined {
  if (!isPlainObject(x)) return undefined;
  for (const key in x) if (!BEACON_KEYS.has(key)) return undefined;
  const { d, v, id, m, c, p = '/', l = 'th', gpc = false, u = [], t, s } = x;
  if (typeof d !== 'string' || !UUID.test(d) || typeof id !== 'string' || !UUID.test(id)) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 1_000_000) return undefined;
  if (!METHODS.has(m) || (l !== 'th' && l !== 'en') || typeof gpc !== 'boolean') return undefined;
  if (!isPlainObject(c)) return undefined;
  for (const key in c) if (!CHOICE_KEY.test(key) || typeof c[key] !== 'boolean') return undefined;
  if (typeof p !== 'string' || p.length > 512 || !isCleanText(p)) return undefined;
  if (!Array.isArray(u) || u.length > 30) return undefined;
  for (const name of u) if (typeof name !== 'string' || name.length < 1 || name.length > 100 || !isCleanText(name)) return undefined;
  if (t !== undefined && (typeof t !== 'string' || t.length > 40 || !isCleanText(t))) return undefined;
  if (s !== undefined && (typeof s !== 'string' || !UUID.test(s))) return undefined;
  const beacon: CookieBeacon = { d, v, id, m: m as CookieBeacon['m'], c: c as Record<string, boolean>, p, l, gpc, u: u as string[] };
  if (t !== undefined) beacon.t = t;
  if (s !== undefined) beacon.s = s;
  return beacon;
}

/**
 * The body of a beacon (text, or JSON Fastify has parsed) as a checked beacon, or the route's
 * refusal: 400 `cookie_beacon_invalid` (too big, not JSON, not the schema), 400 `text_nul` (text
 * the database cannot store).
 */
export function checkBeacon(body: unknown): CookieBeacon {
  let raw: string;
  try {
    raw = typeof body === 'string' ? body : body === undefined ? '' : JSON.stringify(body);
  } catch {
    throw new ApiError(400, 'cookie_beacon_invalid'); // nested too deep to write back (a beacon is flat)
  }
  if (Buffer.byteLength(raw) > BEACON_MAX_BYTES) throw new ApiError(400, 'cookie_beacon_invalid');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ApiError(400, 'cookie_beacon_invalid');
  }
  const quick = quickBeacon(parsed);
  if (quick) return quick;
  const result = cookieBeacon.safeParse(parsed);
  if (!result.success) throw new ApiError(400, 'cookie_beacon_invalid');
  // text PostgreSQL cannot store (NUL, lone surrogates): refused before anything is written
  const bad = badTextPath(result.data);
  if (bad !== undefined) throw new ApiError(400, 'text_nul', { field: bad });
  return result.data;
}
