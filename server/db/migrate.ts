import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './client';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/** Any constant shared by every process of the product: only one of them migrates at a time. */
const MIGRATION_LOCK = 2562;

/**
 * Applies, in name order, every migration not applied yet, all in one transaction under an advisory
 * lock: a file that fails leaves nothing of this run behind. Forward only: a file never changes once
 * landed. `dir` is the product's migrations but for tests of the runner itself.
 */
export async function migrate(db: Db, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  await db.exec('create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())');
  return db.tx(async (q) => {
    await q.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const done = new Set((await q.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      // the whole file as the database parses it ($tag$ bodies and all), inside this one transaction
      await q.exec(readFileSync(join(dir, file), 'utf8'));
      await q.query('insert into schema_migrations (name) values ($1)', [file]);
      applied.push(file);
    }
    // the audit trail's triggers go on every new table (see 0004_audit.sql)
    if (applied.length) {
      const [audit] = await q.query<{ ready: boolean }>(`select to_regprocedure('audit_attach_all()') is not null as ready`);
      if (audit?.ready) await q.query('select audit_attach_all()');
    }
    return applied;
  });
}
