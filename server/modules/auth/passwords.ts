import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id minimum: 19 MiB, 2 passes, 1 lane. `algorithm: 2` is Argon2id (a const enum in the typings). */
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

/** A real argon2id hash of nothing anyone knows, verified when the user does not exist so both paths cost the same. */
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  // no password yet (an imported person not yet through the invitation): as long as a real check
  if (!storedHash || !storedHash.startsWith('$')) {
    decoyHash ??= hashPassword('decoy-' + Math.random());
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
