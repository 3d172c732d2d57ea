import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv, defaultPoolSize, fileKeyBytes } from './config';

const HEX_KEY = 'ab'.repeat(32);
const BASE64_KEY = Buffer.alloc(32, 7).toString('base64');

/** The message configFromEnv throws for `env`, or a failure when it does not throw. */
function refusal(env: NodeJS.ProcessEnv): string {
  try {
    configFromEnv(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe('configFromEnv', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = configFromEnv({});
    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      pgPoolSize: defaultPoolSize(),
      dataDir: resolve('./data'),
      distDir: resolve('./dist'),
      cdnHost: '/uploads',
      seedDemo: true,
      logLevel: 'warn',
      trustProxy: false,
      allowSignup: false,
      outboxApi: false,
      fileKey: undefined,
      dsrSubmitLimit: 20,
      sessionIdleHours: 8,
      embeddedFsync: true,
      webhooksAllowPrivate: false,
      ssoAllowHttp: false,
      cookieScan: { chromiumPath: '/usr/bin/chromium', allowPrivate: false, pages: 50 },
      workers: 1,
      mail: { smtpUrl: undefined, from: 'PDPA Back Office <no-reply@localhost>', appUrl: 'http://localhost:3000' },
    });
    expect(defaultPoolSize()).toBeGreaterThanOrEqual(4);
  });

  it('reads every variable it is given', () => {
    const config = configFromEnv({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgresql://app:secret@db.internal:5432/pdpa',
      PG_POOL_SIZE: '12',
      DATA_DIR: '/srv/pdpa',
      DIST_DIR: '/srv/ui',
      CDN_HOST: 'https://cdn.example.co.th/logos/',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
      TRUST_PROXY: 'true',
      ALLOW_SIGNUP: '1',
      OUTBOX_API: 'true',
      FILE_KEY: HEX_KEY,
      DSR_SUBMIT_LIMIT: '5',
      SESSION_IDLE_HOURS: '12',
      EMBEDDED_FSYNC: '0',
      WEBHOOKS_ALLOW_PRIVATE: '1',
      SSO_ALLOW_HTTP: '1',
      CHROMIUM_PATH: '/opt/chromium/chrome',
      COOKIE_SCAN_ALLOW_PRIVATE: 'true',
      COOKIE_SCAN_PAGES: '20',
      WORKERS: '3',
      SMTP_URL: 'smtps://mailer:pw@smtp.example.co.th:465',
      MAIL_FROM: 'PDPA <dpo@example.co.th>',
      APP_URL: 'https://pdpa.example.co.th//',
    });
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgresql://app:secret@db.internal:5432/pdpa',
      pgPoolSize: 12,
      dataDir: '/srv/pdpa',
      distDir: '/srv/ui',
      cdnHost: 'https://cdn.example.co.th/logos',
      seedDemo: true,
      logLevel: 'info',
      trustProxy: true,
      allowSignup: true,
      outboxApi: true,
      fileKey: HEX_KEY,
      dsrSubmitLimit: 5,
      sessionIdleHours: 12,
      embeddedFsync: false,
      webhooksAllowPrivate: true,
      ssoAllowHttp: true,
      cookieScan: { chromiumPath: '/opt/chromium/chrome', allowPrivate: true, pages: 20 },
      workers: 3,
      mail: { smtpUrl: 'smtps://mailer:pw@smtp.example.co.th:465', from: 'PDPA <dpo@example.co.th>', appUrl: 'https://pdpa.example.co.th' },
    });
  });

  it('seeds the embedded database by default, a PostgreSQL server only when asked', () => {
    expect(configFromEnv({ DATABASE_URL: 'postgres://root@127.0.0.1:5432/test' }).seedDemo).toBe(false);
    expect(configFromEnv({ DATABASE_URL: 'postgres://root@127.0.0.1:5432/test', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(configFromEnv({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(configFromEnv({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('treats an empty variable as unset', () => {
    const config = configFromEnv({ PORT: '', DATABASE_URL: '', FILE_KEY: '', DSR_SUBMIT_LIMIT: '', LOG_LEVEL: '', SMTP_URL: '' });
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, fileKey: undefined, dsrSubmitLimit: 20, logLevel: 'warn' });
    expect(config.mail.smtpUrl).toBeUndefined();
  });

  it('links e-mails to the port it listens on when APP_URL is unset', () => {
    expect(configFromEnv({ PORT: '4000' }).mail.appUrl).toBe('http://localhost:4000');
  });

  it('accepts a FILE_KEY of 64 hex characters or 32 bytes in base64', () => {
    expect(configFromEnv({ FILE_KEY: BASE64_KEY }).fileKey).toBe(BASE64_KEY);
    expect(fileKeyBytes(HEX_KEY)).toEqual(Buffer.alloc(32, 0xab));
    expect(fileKeyBytes(BASE64_KEY)).toEqual(Buffer.alloc(32, 7));
    expect(fileKeyBytes(BASE64_KEY.replace(/=$/, ''))).toEqual(Buffer.alloc(32, 7));
  });

  it.each([
    ['DSR_SUBMIT_LIMIT', 'abc', 'expected a whole number of requests an hour, at least 1'],
    ['DSR_SUBMIT_LIMIT', '0', 'expected a whole number of requests an hour, at least 1'],
    ['DSR_SUBMIT_LIMIT', '2.5', 'expected a whole number of requests an hour, at least 1'],
    ['PORT', 'http', 'expected a port number from 0 to 65535'],
    ['PORT', '70000', 'expected a port number from 0 to 65535'],
    ['PORT', '-1', 'expected a port number from 0 to 65535'],
    ['PG_POOL_SIZE', 'many', 'expected a whole number of connections, at least 1'],
    ['LOG_LEVEL', 'verbose', 'expected one of fatal, error, warn, info, debug, trace, silent'],
    ['LOG_LEVEL', 'INFO', 'expected one of fatal, error, warn, info, debug, trace, silent'],
    ['SEED_DEMO', 'yes', 'expected 1 or true (on), 0 or false (off)'],
    ['TRUST_PROXY', 'on', 'expected 1 or true (on), 0 or false (off)'],
    ['ALLOW_SIGNUP', 'TRUE', 'expected 1 or true (on), 0 or false (off)'],
    ['OUTBOX_API', '2', 'expected 1 or true (on), 0 or false (off)'],
    ['CDN_HOST', 'cdn.example.co.th', 'expected a path (/uploads) or an http(s):// address'],
    ['APP_URL', 'pdpa.example.co.th', 'expected an http:// or https:// address'],
  ])('refuses %s=%s, naming it and what it expects', (name, value, expected) => {
    const message = refusal({ [name]: value });
    expect(message).toContain(`${name}: ${expected}`);
    expect(message).toContain(`(given: ${JSON.stringify(value)})`);
  });

  it.each([
    ['FILE_KEY', 'ab'.repeat(31), 'expected 64 hex characters or 32 bytes in base64'],
    ['FILE_KEY', Buffer.alloc(16).toString('base64'), 'expected 64 hex characters or 32 bytes in base64'],
    ['FILE_KEY', 'not a key at all, though it is long enough to be one!!', 'expected 64 hex characters or 32 bytes in base64'],
    ['DATABASE_URL', 'mysql://app:secret@db/pdpa', 'expected a postgres://user@host:port/database URL'],
    ['DATABASE_URL', '/var/run/postgresql', 'expected a postgres://user@host:port/database URL'],
    ['SMTP_URL', 'http://mailer:secret@smtp.example.co.th', 'expected an smtp:// or smtps:// URL'],
  ])('refuses %s=%s without repeating the secret', (name, value, expected) => {
    const message = refusal({ [name]: value });
    expect(message).toContain(`${name}: ${expected}`);
    expect(message).not.toContain(value);
    expect(message).not.toContain('secret');
  });

  it('names every unusable variable at once', () => {
    const message = refusal({ PORT: 'x', LOG_LEVEL: 'loud', DSR_SUBMIT_LIMIT: 'abc', HOST: 'localhost' });
    expect(message.split('\n').slice(1)).toEqual([
      '  PORT: expected a port number from 0 to 65535 (given: "x")',
      '  LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent (given: "loud")',
      '  DSR_SUBMIT_LIMIT: expected a whole number of requests an hour, at least 1 (given: "abc")',
    ]);
  });

  it('ignores variables it does not read', () => {
    expect(() => configFromEnv({ PATH: '/usr/bin', NODE_ENV: 'anything' })).not.toThrow();
  });
});
