import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { backup, restore } from './backup';
import { openDb, type Db } from './client';
import { migrate } from './migrate';
import { seedDemo } from './seed';

/** Counts of the tables that matter, to compare a restored database with its original. */
async function fingerprint(db: Db) {
  const tables = ['companies', 'users', 'roles', 'risk_master', 'dsr_requests', 'consent_records', 'audit_log'];
  const out: Record<string, number> = {};
  for (const t of tables) {
    const rows = await db.query<{ n: number }>(`select count(*)::int as n from ${t}`).catch(() => [{ n: -1 }]);
    out[t] = rows[0].n;
  }
  return out;
}

/** DATA_DIR's files as the server keeps them: a logo, an encrypted file and the key. */
function writeFiles(dataDir: string) {
  mkdirSync(join(dataDir, 'uploads', 'company-1'), { recursive: true });
  mkdirSync(join(dataDir, 'private', 'dsr', 'company-1'), { recursive: true });
  writeFileSync(join(dataDir, 'uploads', 'company-1', 'logo.png'), 'png bytes');
  writeFileSync(join(dataDir, 'private', 'dsr', 'company-1', 'evidence.bin'), randomBytes(64));
  writeFileSync(join(dataDir, 'file.key'), randomBytes(32).toString('hex'));
}

function expectSameFiles(from: string, to: string) {
  for (const file of ['uploads/company-1/logo.png', 'private/dsr/company-1/evidence.bin', 'file.key']) {
    expect(existsSync(join(to, file)), file).toBe(true);
    expect(readFileSync(join(to, file)).equals(readFileSync(join(from, file))), file).toBe(true);
  }
}

describe('backup and restore', () => {
  it('the embedded database: every record and file comes back in an empty DATA_DIR', async () => {
    const root = mkdtempSync(join(tmpdir(), 'pdpa-backup-'));
    try {
      const source = join(root, 'source');
      const db = await openDb({ dataDir: join(source, 'pglite'), embeddedFsync: false });
      await migrate(db);
      await seedDemo(db);
      const before = await fingerprint(db);
      await db.close();
      writeFiles(source);

      await backup({ dataDir: source, outDir: join(root, 'backup') });
      const target = join(root, 'target');
      await restore({ dataDir: target, fromDir: join(root, 'backup') });
      const restored = await openDb({ dataDir: join(target, 'pglite'), embeddedFsync: false });
      try {
        expect(await fingerprint(restored)).toEqual(before);
        expect(before.users).toBeGreaterThan(0);
      } finally {
        await restored.close();
      }
      expectSameFiles(source, target);
      // never over what is there
      await expect(restore({ dataDir: target, fromDir: join(root, 'backup') })).rejects.toThrow(/exists already|not empty/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 180_000);

  it.runIf(process.env.DATABASE_URL)(
    'PostgreSQL: pg_dump and pg_restore into an empty database, files included',
    async () => {
      const adminUrl = process.env.DATABASE_URL!;
      const names = [`pdpa_bk_${randomBytes(5).toString('hex')}`, `pdpa_rs_${randomBytes(5).toString('hex')}`];
      const admin = async (sql: string) => {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        try {
          await client.query(sql);
        } finally {
          await client.end();
        }
      };
      const urlOf = (name: string) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
      const root = mkdtempSync(join(tmpdir(), 'pdpa-backup-pg-'));
      for (const name of names) await admin(`create database ${name}`);
      try {
        const db = await openDb({ databaseUrl: urlOf(names[0]), poolSize: 2 });
        await migrate(db);
        await seedDemo(db);
        const before = await fingerprint(db);
        await db.close();
        writeFiles(join(root, 'source'));
        await backup({ dataDir: join(root, 'source'), databaseUrl: urlOf(names[0]), outDir: join(root, 'backup') });
        await restore({ dataDir: join(root, 'target'), databaseUrl: urlOf(names[1]), fromDir: join(root, 'backup') });
        const restored = await openDb({ databaseUrl: urlOf(names[1]), poolSize: 2 });
        try {
          expect(await fingerprint(restored)).toEqual(before);
        } finally {
          await restored.close();
        }
        expectSameFiles(join(root, 'source'), join(root, 'target'));
      } finally {
        for (const name of names) await admin(`drop database if exists ${name} with (force)`);
        rmSync(root, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
