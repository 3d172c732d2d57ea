import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import { COOKIE_SCAN_PAGES } from '../contract/cookieScan';

export interface ServerConfig {
  port: number;
  host: string;
  /** postgres://… — use a PostgreSQL server instead of the embedded database */
  databaseUrl?: string;
  /** postgres://… of a hot standby of `databaseUrl`: reads that tolerate a second of lag go there (docs/operations.md) */
  databaseReplicaUrl?: string;
  /** connections to the PostgreSQL server (see `PG_POOL_SIZE` in docs/configuration.md) */
  pgPoolSize: number;
  /** the embedded database's folder (and uploads) */
  dataDir: string;
  /** the built UI; not served when absent (API-only, tests) */
  distDir?: string;
  /** where logos and other public files are served from */
  cdnHost: string;
  /** seed demo data into an empty database on start */
  seedDemo: boolean;
  logLevel: LogLevel;
  /** behind a reverse proxy: the client's address comes from X-Forwarded-For */
  trustProxy: boolean;
  /** anyone may register a new company with its administrator (`/register`); else that call is a 404 */
  allowSignup: boolean;
  /** `GET /api/v1/dev/outbox`: the development outbox over HTTP (tests only: it shows reset links) */
  outboxApi: boolean;
  /** how e-mail leaves: SMTP when `smtpUrl` is set, else the development outbox table */
  mail: MailConfig;
  /**
   * FILE_KEY: the AES-256-GCM key of data subjects' files (64 hex characters or 32 bytes in base64);
   * unset: one is generated and kept in DATA_DIR/file.key
   */
  fileKey?: string;
  /** DSR_SUBMIT_LIMIT: public data subject requests per address per hour (tracking gets three times as many) */
  dsrSubmitLimit: number;
  /** SESSION_IDLE_HOURS: a session unused for this many hours ends (default 8; the longest life stays 365 days) */
  sessionIdleHours: number;
  /** EMBEDDED_FSYNC: the embedded database fsyncs every commit (default on; docs/operations.md, "Durability") */
  embeddedFsync: boolean;
  /**
   * WEBHOOKS_ALLOW_PRIVATE: webhooks may be sent to private and loopback addresses, and over plain http
   * (tests and a developer's own receiver; default off: https to public addresses only)
   */
  webhooksAllowPrivate: boolean;
  /**
   * SSO_ALLOW_HTTP: a company's single sign-on provider may be reached over plain http and on private and
   * loopback addresses, as WEBHOOKS_ALLOW_PRIVATE for webhooks (tests and a developer's local provider only;
   * default off: the issuer and its endpoints must be https on public addresses)
   */
  ssoAllowHttp: boolean;
  /** the cookie scanner (server/modules/cookie/scan/) */
  cookieScan: {
    /** CHROMIUM_PATH: the Chromium it starts (default /usr/bin/chromium, Debian's package) */
    chromiumPath: string;
    /**
     * COOKIE_SCAN_ALLOW_PRIVATE: a scan may reach sites over plain http and on private and loopback
     * addresses (tests and a developer's local site only; default off: https, public addresses, ports 80 and 443)
     */
    allowPrivate: boolean;
    /** COOKIE_SCAN_PAGES: the pages one scan visits at most (default 50) */
    pages: number;
  };
  /** WORKERS: API processes sharing the port (default 1; `auto` = the cores); above 1 only on PostgreSQL */
  workers: number;
}

export interface MailConfig {
  /** smtp://user:pass@host:587 or smtps://…; unset: e-mails go to the `mail_outbox` table */
  smtpUrl?: string;
  /** the From of every e-mail */
  from: string;
  /** the address the links in e-mails start with (no trailing slash) */
  appUrl: string;
}

/** Fastify's (pino's) levels. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A start-up setting that is not what the server can run with; the message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The AES-256 key FILE_KEY stands for: 64 hex characters, or 32 bytes in base64; else undefined. */
export function fileKeyBytes(text: string): Buffer | undefined {
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) return undefined;
  const key = Buffer.from(text, 'base64');
  return key.length === 32 ? key : undefined;
}

/** PG_POOL_SIZE's default: twice the machine's cores, at least 4 (docs/benchmark.md explains why). */
export const defaultPoolSize = () => Math.max(4, 2 * availableParallelism());

/** An unset variable and an empty one are the same: not given. */
const given = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const whole = (expected: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  given(
    z
      .string()
      .regex(/^\d+$/, `expected ${expected}`)
      .transform(Number)
      .refine((n) => n >= min && n <= max, `expected ${expected}`),
  );

const onOff = given(
  z.enum(['1', 'true', '0', 'false'], { error: 'expected 1 or true (on), 0 or false (off)' }).transform((v) => v === '1' || v === 'true'),
);

const url = (schemes: string[], expected: string) =>
  given(
    z.string().refine((text) => {
      try {
        return schemes.includes(new URL(text).protocol);
      } catch {
        return false;
      }
    }, `expected ${expected}`),
  );

/** Every variable the server reads, and what each must look like. */
const envSchema = z.object({
  PORT: whole('a port number from 0 to 65535', 0, 65535),
  HOST: given(z.string()),
  DATABASE_URL: url(['postgres:', 'postgresql:'], 'a postgres://user@host:port/database URL'),
  DATABASE_REPLICA_URL: url(['postgres:', 'postgresql:'], 'a postgres://user@host:port/database URL of a hot standby'),
  PG_POOL_SIZE: whole('a whole number of connections, at least 1', 1),
  DATA_DIR: given(z.string()),
  DIST_DIR: given(z.string()),
  CDN_HOST: given(
    z.string().refine((text) => text.startsWith('/') || /^https?:\/\/[^/]/i.test(text), 'expected a path (/uploads) or an http(s):// address'),
  ),
  SEED_DEMO: onOff,
  LOG_LEVEL: given(z.enum(LOG_LEVELS, { error: `expected one of ${LOG_LEVELS.join(', ')}` })),
  TRUST_PROXY: onOff,
  ALLOW_SIGNUP: onOff,
  OUTBOX_API: onOff,
  WEBHOOKS_ALLOW_PRIVATE: onOff,
  SSO_ALLOW_HTTP: onOff,
  CHROMIUM_PATH: given(z.string().startsWith('/', 'expected the absolute path of a Chromium executable')),
  COOKIE_SCAN_ALLOW_PRIVATE: onOff,
  COOKIE_SCAN_PAGES: whole('a whole number of pages, from 1 to 500', 1, 500),
  FILE_KEY: given(z.string().refine((text) => fileKeyBytes(text) !== undefined, 'expected 64 hex characters or 32 bytes in base64')),
  DSR_SUBMIT_LIMIT: whole('a whole number of requests an hour, at least 1', 1),
  EMBEDDED_FSYNC: onOff,
  SESSION_IDLE_HOURS: whole('a whole number of hours, from 1 to 8760', 1, 8760),
  SMTP_URL: url(['smtp:', 'smtps:'], 'an smtp:// or smtps:// URL'),
  MAIL_FROM: given(z.string()),
  APP_URL: url(['http:', 'https:'], 'an http:// or https:// address'),
  WORKERS: given(
    z
      .string()
      .regex(/^(auto|\d+)$/, 'expected auto (one per core) or a whole number of processes from 1 to 64')
      .transform((v) => (v === 'auto' ? availableParallelism() : Number(v)))
      .refine((n) => n >= 1 && n <= 64, 'expected auto (one per core) or a whole number of processes from 1 to 64'),
  ),
});

/** Values that may hold a password or a key are never repeated in a message. */
const SECRET = new Set(['DATABASE_URL', 'DATABASE_REPLICA_URL', 'FILE_KEY', 'SMTP_URL']);

/**
 * The server's settings from the environment. A variable that is set but unusable throws a
 * ConfigError naming every such variable and what it expects: start-up stops rather than run
 * with a limit switched off or a key it cannot use.
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const value = SECRET.has(name) ? '' : ` (given: ${JSON.stringify(env[name])})`;
      return `  ${name}: ${issue.message}${value}`;
    });
    throw new ConfigError(`Cannot start: the environment has unusable settings\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const port = e.PORT ?? 3000;
  const workers = e.WORKERS ?? 1;
  // the embedded database belongs to the one process that opened it
  if (e.DATABASE_REPLICA_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      'Cannot start: the environment has unusable settings\n  DATABASE_REPLICA_URL: a standby of a PostgreSQL server needs DATABASE_URL (its primary)',
    );
  }
  if (workers > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      `Cannot start: the environment has unusable settings\n  WORKERS: more than one process needs DATABASE_URL (a PostgreSQL server); the embedded database serves one process (given: ${JSON.stringify(env.WORKERS)})`,
    );
  }
  return {
    port,
    host: e.HOST ?? '0.0.0.0',
    databaseUrl: e.DATABASE_URL,
    databaseReplicaUrl: e.DATABASE_REPLICA_URL,
    // the default pool is shared out among the workers: the database sees as many connections in all
    pgPoolSize: e.PG_POOL_SIZE ?? Math.max(2, Math.ceil(defaultPoolSize() / workers)),
    workers,
    dataDir: resolve(e.DATA_DIR ?? './data'),
    distDir: resolve(e.DIST_DIR ?? './dist'),
    cdnHost: (e.CDN_HOST ?? '/uploads').replace(/\/$/, ''),
    // the embedded database gets demo data on first start; a PostgreSQL server only through `npm run seed`
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    // `info` logs every request; warnings and errors (with their cause) by default
    logLevel: e.LOG_LEVEL ?? 'warn',
    trustProxy: e.TRUST_PROXY ?? false,
    allowSignup: e.ALLOW_SIGNUP ?? false,
    outboxApi: e.OUTBOX_API ?? false,
    fileKey: e.FILE_KEY,
    dsrSubmitLimit: e.DSR_SUBMIT_LIMIT ?? 20,
    sessionIdleHours: e.SESSION_IDLE_HOURS ?? 8,
    embeddedFsync: e.EMBEDDED_FSYNC ?? true,
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE ?? false,
    ssoAllowHttp: e.SSO_ALLOW_HTTP ?? false,
    cookieScan: {
      chromiumPath: e.CHROMIUM_PATH ?? '/usr/bin/chromium',
      allowPrivate: e.COOKIE_SCAN_ALLOW_PRIVATE ?? false,
      pages: e.COOKIE_SCAN_PAGES ?? COOKIE_SCAN_PAGES,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? 'PDPA Back Office <no-reply@localhost>',
      appUrl: (e.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    },
  };
}

/** `configFromEnv()` for a process starting up: an unusable setting ends it with the message, not a stack trace. */
export function configOrExit(): ServerConfig {
  try {
    return configFromEnv();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
