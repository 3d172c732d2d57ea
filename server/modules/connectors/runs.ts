import type { ConnectorRows, ConnectorRun, ConnectorTable, RunStatus } from '../../../contract/connectors';
import type { ServerConfig } from '../../config';
import type { Queryable } from '../../db/client';
import { iso } from '../../db/rows';
import { notFound } from '../../http/errors';
import { reasonOf, withConnection } from './drivers';
import { tableLabel } from './catalogue';
import { accessRows, erase, erasureCounts, type AccessTable, type Identity } from './engine';
import { connectedSystems, targetOf, type SettingsRow } from './settings';

interface RunRow {
  id: string;
  request_id: string;
  system_id: string;
  system_name: string;
  kind: 'access' | 'erasure';
  status: RunStatus;
  counts: Record<string, number>;
  actions: Record<string, ErasureKind>;
  database_label: string;
  keys_digest: string | null;
  error: string | null;
  requested_by: string | null;
  requested_by_name: string | null;
  requested_at: string | Date;
  approved_by: string | null;
  approved_by_name: string | null;
  approved_at: string | Date | null;
  finished_at: string | Date | null;
  certificate_number: string | null;
}

const person = (alias: string) => `coalesce(nullif(trim(concat_ws(' ', ${alias}.firstname, ${alias}.lastname)), ''), ${alias}.username)`;
export const RUN_SELECT = `select r.*, s.name as system_name, ${person('a')} as requested_by_name, ${person('b')} as approved_by_name
    from connector_runs r
    join datamap_systems s on s.company_id = r.company_id and s.id = r.system_id
    left join users a on a.id = r.requested_by
    left join users b on b.id = r.approved_by`;

export const toRun = (r: RunRow): ConnectorRun => ({
  id: r.id,
  requestId: r.request_id,
  systemId: r.system_id,
  systemName: r.system_name,
  kind: r.kind,
  status: r.status,
  counts: r.counts,
  keysDigest: r.keys_digest,
  error: r.error,
  requestedBy: r.requested_by_name,
  requestedById: r.requested_by,
  requestedAt: iso(r.requested_at),
  approvedBy: r.approved_by_name,
  approvedAt: r.approved_at ? iso(r.approved_at) : null,
  finishedAt: r.finished_at ? iso(r.finished_at) : null,
  certificateNumber: r.certificate_number,
});

export type { RunRow };

/** A run of the company (else 404). */
export async function runOf(q: Queryable, companyId: string, id: string): Promise<RunRow> {
  const [row] = await q.query<RunRow>(`${RUN_SELECT} where r.company_id = $1 and r.id = $2`, [companyId, id]);
  if (!row) throw notFound();
  return row;
}

export const runsOfRequest = async (q: Queryable, companyId: string, requestId: string) =>
  (
    await q.query<RunRow>(`${RUN_SELECT} where r.company_id = $1 and r.request_id = $2 order by r.requested_at desc, s.name`, [companyId, requestId])
  ).map(toRun);

export const runsByIds = async (q: Queryable, companyId: string, ids: string[]) =>
  (await q.query<RunRow>(`${RUN_SELECT} where r.company_id = $1 and r.id = any($2::uuid[]) order by s.name`, [companyId, ids])).map(toRun);

/** What one system gave back: its rows (access), its counts (dry run), or why it failed. */
interface SystemOutcome {
  system: SettingsRow;
  startedAt: Date;
  tables?: AccessTable[];
  counts?: Record<string, number>;
  error?: string;
}

/**
 * Runs `work` on every connected system at once, each within its own timeout: a slow or unreachable
 * system fails with its reason while the others finish.
 */
async function onEverySystem(
  systems: SettingsRow[],
  work: (system: SettingsRow) => Promise<Omit<SystemOutcome, 'system' | 'startedAt'>>,
): Promise<SystemOutcome[]> {
  return Promise.all(
    systems.map(async (system) => {
      const startedAt = new Date();
      try {
        return { system, startedAt, ...(await work(system)) };
      } catch (err) {
        return { system, startedAt, error: reasonOf(err) };
      }
    }),
  );
}

/** The access run: the requester's rows in every connected system. */
export async function runAccess(config: ServerConfig, q: Queryable, companyId: string, identity: Identity) {
  const systems = await connectedSystems(q, companyId);
  return onEverySystem(systems, async (system) => ({
    tables: await withConnection(targetOf(config, system), (c) => accessRows(c, system.tables, identity)),
  }));
}

/** The erasure's dry run: rows per table that would be erased, in every connected system. */
export async function runDryErasure(config: ServerConfig, q: Queryable, companyId: string, identity: Identity) {
  const systems = await connectedSystems(q, companyId);
  return onEverySystem(systems, async (system) => ({
    counts: await withConnection(targetOf(config, system), (c) => erasureCounts(c, system.tables, identity)),
  }));
}

/** Writes the runs of an access or a dry run; returns their ids. */
export async function recordRuns(
  q: Queryable,
  companyId: string,
  requestId: string,
  userId: string,
  kind: 'access' | 'erasure',
  outcomes: SystemOutcome[],
) {
  const ids: string[] = [];
  for (const o of outcomes) {
    const counts = o.counts ?? Object.fromEntries((o.tables ?? []).map((t) => [t.table, t.rows.length]));
    const status: RunStatus = o.error ? 'failed' : kind === 'access' ? 'done' : 'awaiting_approval';
    if (kind === 'erasure')
      // a new dry run replaces the one still waiting for approval on that system
      await q.query(
        `update connector_runs set status = 'cancelled', finished_at = now()
          where company_id = $1 and request_id = $2 and system_id = $3 and kind = 'erasure' and status = 'awaiting_approval'`,
        [companyId, requestId, o.system.system_id],
      );
    const [row] = await q.query<{ id: string }>(
      `insert into connector_runs (company_id, request_id, system_id, kind, status, counts, error, requested_by, requested_at, finished_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, case when $5 = 'awaiting_approval' then null else now() end) returning id`,
      [companyId, requestId, o.system.system_id, kind, status, JSON.stringify(counts), o.error ?? null, userId, o.startedAt],
    );
    if (o.tables)
      await q.query('insert into connector_results (company_id, run_id, rows) values ($1, $2, $3)', [companyId, row.id, JSON.stringify(o.tables)]);
    ids.push(row.id);
  }
  return ids;
}

/** What the erasure does to a table, as its certificate says it. */
export type ErasureKind = 'delete_row' | 'update' | 'none';
export const erasureKinds = (tables: readonly ConnectorTable[]): Record<string, ErasureKind> =>
  Object.fromEntries(
    tables.map((t) => [
      tableLabel({ schema: t.schema ?? '', table: t.table }),
      t.columns.some((c) => c.erasure === 'delete_row') ? 'delete_row' : t.columns.some((c) => c.erasure !== 'keep') ? 'update' : 'none',
    ]),
  );

/** Executes an approved erasure on its system: counts and the digest of the keys, or the reason it failed (nothing erased). */
export async function executeErasure(config: ServerConfig, system: SettingsRow, identity: Identity) {
  try {
    const outcome = await withConnection(targetOf(config, system), (c) => erase(c, system.tables, identity));
    return { ok: true as const, ...outcome };
  } catch (err) {
    return { ok: false as const, error: reasonOf(err) };
  }
}

/**
 * The rows the connectors found for a request: the latest successful access run of each system, per
 * table. What the access pack puts in its machine-readable copy.
 */
export async function connectorRowsForRequest(q: Queryable, companyId: string, requestId: string): Promise<ConnectorRows[]> {
  const rows = await q.query<{ run_id: string; system_id: string; system_name: string; finished_at: string | Date; rows: AccessTable[] }>(
    `select distinct on (r.system_id) r.id as run_id, r.system_id, s.name as system_name, r.finished_at, x.rows
       from connector_runs r
       join datamap_systems s on s.company_id = r.company_id and s.id = r.system_id
       join connector_results x on x.company_id = r.company_id and x.run_id = r.id
      where r.company_id = $1 and r.request_id = $2 and r.kind = 'access' and r.status = 'done'
      order by r.system_id, r.requested_at desc`,
    [companyId, requestId],
  );
  return rows
    .map((r) => ({ systemId: r.system_id, systemName: r.system_name, runId: r.run_id, at: iso(r.finished_at), tables: r.rows }))
    .sort((a, b) => a.systemName.localeCompare(b.systemName));
}

/** The rows of one access run. */
export async function rowsOfRun(q: Queryable, companyId: string, run: RunRow): Promise<ConnectorRows> {
  const [row] = await q.query<{ rows: AccessTable[] }>('select rows from connector_results where company_id = $1 and run_id = $2', [
    companyId,
    run.id,
  ]);
  return {
    systemId: run.system_id,
    systemName: run.system_name,
    runId: run.id,
    at: iso(run.finished_at ?? run.requested_at),
    tables: row?.rows ?? [],
  };
}
