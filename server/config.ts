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
  };
}
