import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from './client';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/** Any constant shared by every process of the product: only one of them migrates at a time. */
const MIGRATION_LOCK = 2562;

/** Applies, in name order, every migration not applied yet. Forward only: a file never changes once landed. */
export async function migrate(db: Db): Promise<string[]> {
  const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort();
  await db.exec(
    'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
  );
  return db.tx(async (q) => {
    await q.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const done = new Set((await q.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      for (const statement of splitStatements(readFileSync(MIGRATIONS_DIR + file, 'utf8'))) {
        await q.query(statement);
      }
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

/**
 * Splits a script on the semicolons that end statements, so each runs inside the migration's
 * transaction. Dollar-quoted bodies ($$ … $$) are kept whole.
 */
export function splitStatements(script: string): string[] {
  const out: string[] = [];
  let current = '';
  let inDollar = false;
  for (const line of script.split('\n')) {
    if (!inDollar && line.trim().startsWith('--')) continue;
    const dollars = line.split('$$').length - 1;
    if (dollars % 2 === 1) inDollar = !inDollar;
    current += line + '\n';
    if (!inDollar && line.trimEnd().endsWith(';')) {
      if (current.trim()) out.push(current.trim());
      current = '';
    }
  }
  if (current.trim()) out.push(current.trim());
  return out;
}
