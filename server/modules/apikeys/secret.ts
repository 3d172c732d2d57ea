import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_PREFIX } from '../../../contract/apikeys';

/**
 * A key's secret: `pdpa_live_<key id>_<32 random bytes, base64url>`. The key id (public) finds the
 * key; the whole secret's SHA-256 proves it. A random 256-bit secret needs no salt nor slow hash.
 */
const SECRET_RE = new RegExp(`^${API_KEY_PREFIX}([0-9a-f]{16})_[A-Za-z0-9_-]{43}$`);

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest();

export function newSecret() {
  const keyId = randomBytes(8).toString('hex');
  const secret = `${API_KEY_PREFIX}${keyId}_${randomBytes(32).toString('base64url')}`;
  return { keyId, secret, hash: hashSecret(secret).toString('hex') };
}

/** The key id a secret names, or undefined when it is not one of ours. */
export const keyIdOf = (secret: string) => SECRET_RE.exec(secret)?.[1];

/** Whether `secret` is the one whose hash (hex) is kept, in constant time. */
export function secretMatches(secret: string, hashHex: string): boolean {
  const kept = Buffer.from(hashHex, 'hex');
  const given = hashSecret(secret);
  return kept.length === given.length && timingSafeEqual(kept, given);
}

/** The public part the list shows. */
export const displayPrefix = (keyId: string) => `${API_KEY_PREFIX}${keyId}`;
