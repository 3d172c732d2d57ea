import { z } from 'zod';
import { CONSENT_CHANNELS } from './consent';
import { jsonParam, restSort } from './http';

/**
 * What a company's API key may do. A key-authenticated route names the one scope it needs
 * (server/http/route.ts, `{ apiScope }`); a key without it is refused with 403.
 */
export const API_SCOPES = ['consent:write', 'consent:read', 'requests:write'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** The start of every secret, so a leaked one is recognised (secret scanners, logs). */
export const API_KEY_PREFIX = 'pdpa_live_';
/** Calls a key may make per minute unless its creator set another figure. */
export const API_KEY_DEFAULT_RATE = 6_000;
/** The bounds of a key's rate (calls per minute). */
export const API_KEY_MIN_RATE = 10;
export const API_KEY_MAX_RATE = 1_000_000;

/** `POST /api-keys`: a key's name (also the channel of the consents it records), its scopes and rate. */
export const apiKeyCreateBody = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(100)
    // the consent log tells a key's records by its name: never one of the built-in channels
    .refine((name) => !(CONSENT_CHANNELS as readonly string[]).includes(name.toLowerCase())),
  scopes: z
    .array(z.enum(API_SCOPES))
    .min(1)
    .max(API_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length),
  rateLimit: z.coerce.number().int().min(API_KEY_MIN_RATE).max(API_KEY_MAX_RATE).default(API_KEY_DEFAULT_RATE),
});
export type ApiKeyCreateBody = z.infer<typeof apiKeyCreateBody>;

export const apiKeyParams = z.object({ id: z.string().uuid() });

export const API_KEY_SORT_FIELDS = ['name', 'created_dt', 'lastUsed_dt', 'id'] as const;

/** `GET /api-keys?sort=["name","ASC"]&range=[0,19]&filter={"search":"..."}` (ra-data-simple-rest's convention). */
export const apiKeyListQuery = z.object({
  sort: restSort(API_KEY_SORT_FIELDS, ['created_dt', 'DESC']),
  range: jsonParam(
    z
      .tuple([z.number().int().min(0).max(1_000_000), z.number().int().min(0).max(1_000_100)])
      .refine(([from, to]) => to >= from && to - from < 100, { message: 'at most 100 rows' }),
  )
    .optional()
    .transform((r) => r ?? ([0, 19] as const)),
  filter: jsonParam(z.object({ search: z.string().max(200).optional() }))
    .optional()
    .transform((f) => (f?.search && f.search.trim() ? f.search.trim() : undefined)),
});

/** A key as the list shows it: never its secret (only the first characters that name it). */
export const apiKey = z.object({
  id: z.string(),
  name: z.string(),
  /** `pdpa_live_<key id>`: the public part of the secret, enough to tell keys apart */
  prefix: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  rateLimit: z.number().int(),
  createdBy: z.string().nullable(),
  created_dt: z.string(),
  /** the last call made with it (kept to the minute); null: never used */
  lastUsed_dt: z.string().nullable(),
  /** when it was revoked; null: in force */
  revoked_dt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKey>;

export const apiKeyListReply = z.object({ status: z.literal(200), data: z.array(apiKey), total: z.number().int() });
export const apiKeyReply = z.object({ status: z.literal(200), data: apiKey });
/** `POST /api-keys`: the key and, this once, its whole secret. */
export const apiKeyCreatedReply = z.object({ status: z.literal(200), data: apiKey.extend({ secret: z.string() }) });
