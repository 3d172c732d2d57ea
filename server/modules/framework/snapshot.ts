import { bangkokDay } from '../../../contract/clock';
import { frameworkSnapshot, type FrameworkSnapshot } from '../../../contract/framework';
import { sideBySide, type Queryable } from '../../db/client';
import { latestEvidence, measureFramework } from './measures';
import { scoreFramework } from './scoring';

/** The first day of `day`'s month (YYYY-MM-01). */
const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

/** The framework's score now, from the modules' data and the evidence (not kept). */
export async function computeFramework(q: Queryable, companyId: string, at = new Date()): Promise<FrameworkSnapshot> {
  const [measures, evidence] = await sideBySide(q, [() => measureFramework(q, companyId), () => latestEvidence(q, companyId)]);
  const today = bangkokDay(at);
  return scoreFramework(measures, evidence, today, monthOf(today), at);
}

/** Computes the score and keeps it as this month's snapshot (a later refresh in the month replaces it). */
export async function refreshFramework(q: Queryable, companyId: string, at = new Date()) {
  const snapshot = await computeFramework(q, companyId, at);
  await q.query(
    `insert into framework_snapshots (company_id, month, score, result, computed_at) values ($1, $2, $3, $4, $5)
     on conflict (company_id, month) do update set score = excluded.score, result = excluded.result, computed_at = excluded.computed_at`,
    [companyId, snapshot.month, snapshot.score, JSON.stringify(snapshot), snapshot.computedAt],
  );
  return snapshot;
}

/** This month's kept snapshot, or none yet. */
export async function keptFramework(q: Queryable, companyId: string, at = new Date()): Promise<FrameworkSnapshot | null> {
  const [row] = await q.query<{ result: unknown }>('select result from framework_snapshots where company_id = $1 and month = $2', [
    companyId,
    monthOf(bangkokDay(at)),
  ]);
  return row ? frameworkSnapshot.parse(typeof row.result === 'string' ? JSON.parse(row.result) : row.result) : null;
}

/** The kept snapshots of the 12 months up to this one (oldest first): the trend of the board report and the drill-down. */
export async function frameworkHistory(q: Queryable, companyId: string, at = new Date()) {
  const rows = await q.query<{ month: string; result: unknown }>(
    `select to_char(month, 'YYYY-MM-DD') as month, result from framework_snapshots
      where company_id = $1 and month > ($2::date - interval '12 months') and month <= $2::date order by month`,
    [companyId, monthOf(bangkokDay(at))],
  );
  const kept = new Map(rows.map((r) => [r.month, frameworkSnapshot.parse(typeof r.result === 'string' ? JSON.parse(r.result) : r.result)]));
  const [year, month] = bangkokDay(at).split('-').map(Number);
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 12 + i, 1)).toISOString().slice(0, 10);
    return { month: d, snapshot: kept.get(d) ?? null };
  });
}
