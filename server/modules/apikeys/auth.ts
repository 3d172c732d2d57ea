import type { FastifyRequest } from 'fastify';
import type { ApiScope } from '../../../contract/apikeys';
import type { Db } from '../../db/client';
import { notifiedCache } from '../../db/notifiedCache';
import type { ApiCaller } from '../../http/apiKey';
import { ApiError } from '../../http/errors';
import { leaseHits } from '../../http/rateLimit';
import { keyIdOf, secretMatches } from './secret';

/**
 * The API keys' hot path: every key-authenticated call proves its key, is counted against the key's
 * rate and marks the key used, without a round trip to the database on most calls.
 *
 * - Keys from memory: each process keeps the keys it has looked up (by key id) for at most
 *   KEY_CACHE_MS. A revocation calls `apiKeysChanged(q)`, which empties this cache in every API
 *   process through pg_notify (as sessions do) and waits for each to confirm. While the listening
 *   connection is down nothing is cached.
 * - The rate in shares: a process takes a share of a key's minute (`leaseHits`, one statement for
 *   up to LEASE_MAX calls) and hands it out; all processes together never get more than the key's
 *   rate. A rate of 100 a minute or less is counted call by call.
 * - Last use, to the minute: written at most once a minute per key and process, after the call.
 */
export const KEY_CACHE_MS = 5_000;
const KEY_CACHE_SIZE = 10_000;
export const API_KEYS_CHANNEL = 'pdpa_api_keys';
const LEASE_MAX = 100;
const TOUCH_EVERY_MS = 60_000;

interface KeyRow {
  id: string;
  company_id: string;
  name: string;
  secret_hash: string;
  scopes: ApiScope[];
  rate_limit: number;
}

interface Share {
  tokens: number;
  /** ms since the epoch when the window of the share ends */
  until: number;
  /** a share being taken: the calls that find none wait for it */
  taking?: Promise<void>;
  /** the key's rate was reached in this window: refused until it ends */
  refused?: boolean;
}

const keyCache = notifiedCache<KeyRow>({ channel: API_KEYS_CHANNEL, ttlMs: KEY_CACHE_MS, size: KEY_CACHE_SIZE });

/** A Db's shares of the keys' rates and the keys' last writes of their use, in this process. */
interface Usage {
  shares: Map<string, Share>;
  touched: Map<string, number>;
}
const usages = new WeakMap<Db, Usage>();
/** This process's use of the keys on `db`; none for anything that is not a Db of ours (each call counted in the database). */
function usageOf(db: Db): Usage | undefined {
  if (!keyCache.of(db)) return undefined;
  let usage = usages.get(db);
  if (!usage) usages.set(db, (usage = { shares: new Map(), touched: new Map() }));
  return usage;
}

/**
 * A key was revoked (or changed): empties the key cache of this process now and after `q`'s
 * transaction commits, and of every other API process (pg_notify), waiting for their confirmation.
 */
export const apiKeysChanged = keyCache.changed;

async function findKey(db: Db, keyId: string): Promise<KeyRow | undefined> {
  const cache = keyCache.of(db);
  const hit = cache?.get(keyId);
  if (hit) return hit;
  const generation = cache?.generation ?? 0;
  const [row] = await db.query<KeyRow>(
    'select id, company_id, name, secret_hash, scopes, rate_limit from api_keys where key_id = $1 and revoked_at is null',
    [keyId],
  );
  if (row) cache?.put(keyId, row, generation);
  return row;
}

/** One call of the key counted against its rate (calls per minute), or a 429. */
async function countCall(db: Db, usage: Usage | undefined, key: KeyRow): Promise<void> {
  const n = Math.max(1, Math.min(LEASE_MAX, Math.floor(key.rate_limit / 100)));
  const limitKey = `api-key:${key.id}`;
  if (!usage || n === 1) {
    const lease = await leaseHits(db, limitKey, 1, key.rate_limit, 1);
    if (!lease.granted) throw throttled(key, lease.windowMs);
    return;
  }
  for (;;) {
    const share = usage.shares.get(key.id);
    const now = Date.now();
    if (share && share.until > now && share.tokens > 0) {
      share.tokens--;
      return;
    }
    if (share?.refused && share.until > now) throw throttled(key, share.until - now);
    if (share?.taking) {
      await share.taking;
      continue;
    }
    const next: Share = { tokens: 0, until: Infinity };
    next.taking = leaseHits(db, limitKey, n, key.rate_limit, 1).then(
      (lease) => {
        next.tokens = lease.granted;
        next.until = Date.now() + lease.windowMs;
        next.refused = lease.granted === 0;
        next.taking = undefined;
      },
      (err: unknown) => {
        usage.shares.delete(key.id);
        throw err;
      },
    );
    usage.shares.set(key.id, next);
    await next.taking;
  }
}

const throttled = (key: KeyRow, ms: number) =>
  new ApiError(429, 'api_key_throttled', { limit: key.rate_limit, minutes: Math.max(1, Math.ceil(ms / 60_000)) });

/** Marks the key used, at most once a minute per process; never holds up the call. */
function touch(db: Db, usage: Usage | undefined, key: KeyRow) {
  const now = Date.now();
  if (usage && now - (usage.touched.get(key.id) ?? 0) < TOUCH_EVERY_MS) return;
  usage?.touched.set(key.id, now);
  db.query('update api_keys set last_used_at = now() where id = $1', [key.id]).catch((err: unknown) =>
    console.error('api key last use not kept', err),
  );
}

/** The caller behind `Authorization: Bearer pdpa_live_…` (server/http/apiKey.ts), or the refusal. */
export async function lookupApiKey(db: Db, req: FastifyRequest): Promise<ApiCaller> {
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Bearer ')) throw new ApiError(401, 'api_key_missing');
  const secret = header.slice(7).trim();
  const keyId = keyIdOf(secret);
  if (!keyId) throw new ApiError(401, 'api_key_invalid');
  const key = await findKey(db, keyId);
  if (!key || !secretMatches(secret, key.secret_hash)) throw new ApiError(401, 'api_key_invalid');
  const usage = usageOf(db);
  await countCall(db, usage, key);
  touch(db, usage, key);
  return { keyId: key.id, companyId: key.company_id, name: key.name, scopes: key.scopes };
}
