import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { passkeyAddBody, passkeyListReply, passkeyParams } from '../../../contract/auth';
import type { ServerConfig } from '../../config';
import type { Queryable } from '../../db/client';
import { ApiError, notFound } from '../../http/errors';
import { route } from '../../http/route';
import { tellFactorChanged } from './factorMail';

/** How long a passkey prompt may stay open. */
const CHALLENGE_MINUTES = 5;

/** The relying party: the product's own address (APP_URL), whose host names the passkeys. */
export function relyingParty(config: ServerConfig) {
  const url = new URL(config.mail.appUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: 'PDPA' };
}

interface PasskeyRow {
  id: string;
  name: string;
  public_key: Buffer;
  counter: string | number;
  transports: string[];
  created_at: Date | string;
  last_used_at: Date | string | null;
}

const passkeysOf = (q: Queryable, userId: string) =>
  q.query<PasskeyRow>(
    'select id, name, public_key, counter, transports, created_at, last_used_at from user_passkeys where user_id = $1 order by created_at',
    [userId],
  );

export async function hasPasskeys(q: Queryable, userId: string) {
  const [row] = await q.query<{ found: boolean }>('select exists (select 1 from user_passkeys where user_id = $1) as found', [userId]);
  return row.found;
}

/** The options a sign-in's passkey must answer: the person's passkeys, a fresh challenge kept on the sign-in's challenge. */
export async function signinOptions(q: Queryable, config: ServerConfig, userId: string, challengeHash: string) {
  const keys = await passkeysOf(q, userId);
  if (!keys.length) throw new ApiError(409, 'passkey_none');
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(config).rpID,
    allowCredentials: keys.map((k) => ({ id: k.id, transports: k.transports as AuthenticatorTransport[] })),
    userVerification: 'preferred',
  });
  await q.query('update signin_challenges set webauthn_challenge = $2 where token_hash = $1', [challengeHash, options.challenge]);
  return options;
}

/**
 * Checks a sign-in's passkey: one of the person's, signing the challenge this sign-in was given, from this
 * product's address. The signature counter moves forward in the same statement (a cloned authenticator
 * replaying an older count is refused); authenticators that keep no count (0) are let through.
 */
export async function checkPasskey(q: Queryable, config: ServerConfig, userId: string, expectedChallenge: string | null, response: unknown) {
  const answer = response as AuthenticationResponseJSON;
  const [key] = await q.query<PasskeyRow>(
    'select id, name, public_key, counter, transports, created_at, last_used_at from user_passkeys where user_id = $1 and id = $2',
    [userId, answer.id],
  );
  if (!key || !expectedChallenge) return false;
  const rp = relyingParty(config);
  let verified = false;
  let newCounter = 0;
  try {
    const result = await verifyAuthenticationResponse({
      response: answer,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: key.id,
        publicKey: new Uint8Array(key.public_key),
        counter: Number(key.counter),
        transports: key.transports as AuthenticatorTransport[],
      },
      requireUserVerification: false,
    });
    verified = result.verified;
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    return false;
  }
  if (!verified) return false;
  const moved = await q.query(
    `update user_passkeys set counter = $3, last_used_at = now()
      where user_id = $1 and id = $2 and (counter < $3 or ($3 = 0 and counter = 0)) returning id`,
    [userId, key.id, newCounter],
  );
  return moved.length > 0;
}

const toPasskey = (k: PasskeyRow) => ({
  id: k.id,
  name: k.name,
  createdAt: new Date(k.created_at).toISOString(),
  lastUsedAt: k.last_used_at ? new Date(k.last_used_at).toISOString() : null,
});

/** One's own passkeys: list, add (options, then the browser's reply), remove. Any signed-in person, for themselves only. */
export const passkeyRoutes = (config: ServerConfig) => [
  route({
    method: 'GET',
    url: '/user/passkeys',
    access: 'session',
    reply: passkeyListReply,
    handler: async ({ db, session }) => ({ data: (await passkeysOf(db, session.userId)).map(toPasskey) }),
  }),

  route({
    method: 'POST',
    url: '/user/passkeys/options',
    access: 'session',
    handler: async ({ db, session }) => {
      const rp = relyingParty(config);
      const existing = await passkeysOf(db, session.userId);
      const options = await generateRegistrationOptions({
        rpName: rp.rpName,
        rpID: rp.rpID,
        userName: `${session.user.companyCode}/${session.user.username}`,
        userDisplayName: `${session.user.firstname} ${session.user.lastname}`.trim(),
        userID: new TextEncoder().encode(session.userId),
        attestationType: 'none',
        excludeCredentials: existing.map((k) => ({ id: k.id, transports: k.transports as AuthenticatorTransport[] })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      });
      await db.query(
        `insert into passkey_challenges (user_id, challenge, expires_at) values ($1, $2, now() + make_interval(mins => $3))
         on conflict (user_id) do update set challenge = excluded.challenge, expires_at = excluded.expires_at`,
        [session.userId, options.challenge, CHALLENGE_MINUTES],
      );
      return { options };
    },
  }),

  route({
    method: 'POST',
    url: '/user/passkeys',
    access: 'session',
    reply: passkeyListReply,
    body: passkeyAddBody,
    handler: async ({ db, session, lang, body }) => {
      const [pending] = await db.query<{ challenge: string }>(
        'delete from passkey_challenges where user_id = $1 and expires_at > now() returning challenge',
        [session.userId],
      );
      if (!pending) throw new ApiError(409, 'passkey_expired');
      const rp = relyingParty(config);
      let registration;
      try {
        const result = await verifyRegistrationResponse({
          response: body.response as unknown as RegistrationResponseJSON,
          expectedChallenge: pending.challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.rpID,
          requireUserVerification: false,
        });
        registration = result.verified ? result.registrationInfo : undefined;
      } catch {
        registration = undefined;
      }
      if (!registration) throw new ApiError(400, 'passkey_failed');
      const { credential } = registration;
      await db.tx(async (q) => {
        const added = await q.query(
          `insert into user_passkeys (id, user_id, company_id, name, public_key, counter, transports)
           values ($1, $2, $3, $4, $5, $6, $7) on conflict (id) do nothing returning id`,
          [
            credential.id,
            session.userId,
            session.companyId,
            body.name,
            Buffer.from(credential.publicKey),
            credential.counter,
            credential.transports ?? [],
          ],
        );
        if (!added.length) throw new ApiError(409, 'passkey_exists');
        await tellFactorChanged(q, config, session.userId, lang, { kind: 'passkey_added', device: body.name });
      });
      return { data: (await passkeysOf(db, session.userId)).map(toPasskey) };
    },
  }),

  route({
    method: 'DELETE',
    url: '/user/passkeys/:id',
    access: 'session',
    reply: passkeyListReply,
    params: passkeyParams,
    handler: async ({ db, session, lang, params }) => {
      await db.tx(async (q) => {
        const [gone] = await q.query<{ name: string }>(
          'delete from user_passkeys where id = $1 and user_id = $2 and company_id = $3 returning name',
          [params.id, session.userId, session.companyId],
        );
        if (!gone) throw notFound();
        await tellFactorChanged(q, config, session.userId, lang, { kind: 'passkey_removed', device: gone.name });
      });
      return { data: (await passkeysOf(db, session.userId)).map(toPasskey) };
    },
  }),
];
