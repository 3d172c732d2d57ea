import { resolve } from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  /** postgres://… — use a PostgreSQL server instead of the embedded database */
  databaseUrl?: string;
  /** the embedded database's folder (and uploads) */
  dataDir: string;
  /** the built UI; not served when absent (API-only, tests) */
  distDir?: string;
  /** where logos and other public files are served from */
  cdnHost: string;
  /** seed demo data into an empty database on start */
  seedDemo: boolean;
  logLevel: string;
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
}

export interface MailConfig {
  /** smtp://user:pass@host:587 or smtps://…; unset: e-mails go to the `mail_outbox` table */
  smtpUrl?: string;
  /** the From of every e-mail */
  from: string;
  /** the address the links in e-mails start with (no trailing slash) */
  appUrl: string;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    distDir: resolve(env.DIST_DIR ?? './dist'),
    cdnHost: (env.CDN_HOST ?? '/uploads').replace(/\/$/, ''),
    // the embedded database gets demo data on first start; a PostgreSQL server only through `npm run seed`
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === 'true' : !databaseUrl,
    // `info` logs every request; warnings and errors (with their cause) by default
    logLevel: env.LOG_LEVEL ?? 'warn',
    allowSignup: isOn(env.ALLOW_SIGNUP),
    fileKey: env.FILE_KEY || undefined,
    dsrSubmitLimit: Number(env.DSR_SUBMIT_LIMIT ?? 20),
    outboxApi: isOn(env.OUTBOX_API),
    mail: {
      smtpUrl: env.SMTP_URL || undefined,
      from: env.MAIL_FROM || 'PDPA Back Office <no-reply@localhost>',
      appUrl: (env.APP_URL || `http://localhost:${Number(env.PORT ?? 3000)}`).replace(/\/+$/, ''),
    },
  };
}

/** `1` or `true` switch a setting on; anything else (or nothing) leaves it off. */
const isOn = (value: string | undefined) => value === '1' || value === 'true';
