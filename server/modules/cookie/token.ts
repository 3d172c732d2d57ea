import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/errors';

/**
 * The beacon's token: proof that a choice comes from a visitor the server was asked about shortly
 * before, by the banner on a registered site. The token request (`GET /cookie/public/token/:domain`)
 * is limited per address (TOKENS_PER_ADDRESS a minute, counted in the database), so inventing visitor
 * ids no longer gets past the per-visitor limit, and a beacon made up elsewhere without a token is
 * refused. Stateless: `<issued, seconds, base 36>.<HMAC-SHA256 over domain, visitor and issued time>`,
 * checked by any server process that reads the same key (`cookie_keys`, id 2).
 */
export const TOKEN_TTL_SECONDS = 2 * 3600;
/**
 * Tokens one address may take a minute. Generous: a mobile carrier puts thousands of phones behind one
 * address (CGNAT), and a refused token is a lost proof of consent; one address can still make at most
 * 300 visitors a minute, each held to VISITOR_LIMIT choices.
 */
export const TOKENS_PER_ADDRESS = 300;
/** Leeway for a clock a little ahead on another server process. */
const SKEW_SECONDS = 60;

/** The key once read (the beacon's busy path then waits for no promise), and its first reading. */
const ready = new WeakMap<Db, Buffer>();
const reading = new WeakMap<Db, Promise<Buffer>>();
function keyOf(db: Db): Buffer | Promise<Buffer> {
  const known = ready.get(db);
  if (known) return known;
  let key = reading.get(db);
  if (!key) {
    key = db
      .query<{ secret: string }>('select secret from cookie_keys where id = 2')
      .then(([row]) => {
        const secret = Buffer.from(row.secret, 'utf8');
        ready.set(db, secret);
        return secret;
      })
      .finally(() => reading.delete(db));
    reading.set(db, key);
  }
  return key;
}

const macOf = (key: Buffer, domainId: string, visitorId: string, issued: number) =>
  createHmac('sha256', key).update(`${domainId}|${visitorId}|${issued}`).digest('base64url').slice(0, 22);

/** A token for `visitorId`'s choices on `domainId`, issued now (or at `nowMs`). */
export async function issueBeaconToken(db: Db, domainId: string, visitorId: string, nowMs = Date.now()): Promise<string> {
  const key = await keyOf(db);
  const issued = Math.floor(nowMs / 1000);
  return `${issued.toString(36)}.${macOf(key, domainId, visitorId, issued)}`;
}

/**
 * Checks a beacon's token for its domain and visitor: nothing thrown when it is good; 403
 * `cookie_token_invalid` when it is missing, malformed or not ours (made for another visitor or
 * domain, or forged); 401 `cookie_token_expired` when it is older than TOKEN_TTL_SECONDS (the banner
 * then takes a new one and sends again).
 */
export async function checkBeaconToken(db: Db, token: string | undefined, domainId: string, visitorId: string, nowMs = Date.now()) {
  const dot = token ? token.indexOf('.') : -1;
  if (!token || dot < 1 || dot > 10 || token.length !== dot + 23) throw new ApiError(403, 'cookie_token_invalid');
  const issued = parseInt(token.slice(0, dot), 36);
  if (!Number.isSafeInteger(issued)) throw new ApiError(403, 'cookie_token_invalid');
  const key = ready.get(db) ?? (await keyOf(db));
  const expected = Buffer.from(macOf(key, domainId, visitorId, issued));
  const given = Buffer.from(token.slice(dot + 1));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new ApiError(403, 'cookie_token_invalid');
  const now = Math.floor(nowMs / 1000);
  if (issued > now + SKEW_SECONDS) throw new ApiError(403, 'cookie_token_invalid');
  if (now - issued > TOKEN_TTL_SECONDS) throw new ApiError(401, 'cookie_token_expired');
}
