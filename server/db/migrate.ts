import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './client';
import { analyzeStale } from './statistics';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/** Any constant shared by every process of the product: only one of them migrates at a time. */
const MIGRATION_LOCK = 2562;

/**
 * Files renamed from a ticket tag to their subject (old name -> new name). A database migrated before
 * the rename recorded the old names: they are rewritten before the pending files are picked, so
 * nothing runs twice.
 */
export const RENAMED_MIGRATIONS: Readonly<Record<string, string>> = {
  '0020_hardening.sql': '0020_rate_limits_session_idle.sql',
  '0021_ropa2_sme.sql': '0021_ropa_sme_assessments.sql',
  '0022_speed_cookie_limits.sql': '0022_cookie_visitor_limits.sql',
  '0023_ux_consent_submissions.sql': '0023_consent_submissions.sql',
  '0024_ux_rtp_evaluation_plans.sql': '0024_risk_evaluation_plans.sql',
  '0025_links_breach_systems.sql': '0025_breach_systems_document_links.sql',
  '0026_dash_dashboard.sql': '0026_dashboard_rollups.sql',
  '0027_consent21_item_english.sql': '0027_consent_item_english.sql',
  '0028_dsrfeed_feeds.sql': '0028_dsr_consent_due_rollups.sql',
  '0029_ropapdf_search_progress.sql': '0029_ropa_search_export_progress.sql',
};

/**
 * Applies, in name order, every migration not applied yet, all in one transaction under an advisory
 * lock: a file that fails leaves nothing of this run behind. Forward only: a file never changes once
 * landed. `dir` and `renamed` are the product's but for tests of the runner itself.
 */
export async function migrate(
  db: Db,
  dir: string = MIGRATIONS_DIR,
  renamed: Readonly<Record<string, string>> = RENAMED_MIGRATIONS,
): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  await db.exec('create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())');
  const applied = await db.tx(async (q) => {
    await q.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await q.query(
      `update schema_migrations m set name = r.new
         from unnest($1::text[], $2::text[]) as r(old, new)
        where m.name = r.old and not exists (select 1 from schema_migrations n where n.name = r.new)`,
      [Object.keys(renamed), Object.values(renamed)],
    );
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
  // new tables and indexes get the planner's statistics at once
  if (applied.length) await analyzeStale(db);
  return applied;
}
