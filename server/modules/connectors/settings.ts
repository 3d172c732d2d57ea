import {
  catalogueReply,
  connectionBody,
  connectionReply,
  connectionTestReply,
  connectorTablesBody,
  systemIdParams,
  type ConnectionRecord,
  type ConnectorKind,
  type ConnectorTable,
} from '../../../contract/connectors';
import { MENU } from '../../../contract/menus';
import type { ServerConfig } from '../../config';
import type { Queryable } from '../../db/client';
import { iso } from '../../db/rows';
import { ApiError, notFound } from '../../http/errors';
import { route } from '../../http/route';
import { misfit, readCatalogue } from './catalogue';
import { reasonOf, withConnection, type Target } from './drivers';
import { outsideTransaction } from './outside';
import { openPassword, sealPassword } from './secret';

const read = { menuId: MENU.dataManage.menuId } as const;
const write = { ...read, write: true } as const;

export interface SettingsRow {
  system_id: string;
  system_name: string;
  kind: ConnectorKind;
  host: string;
  port: number;
  database_name: string;
  username: string;
  password_secret: string;
  timeout_seconds: number;
  tables: ConnectorTable[];
  updated_at: string | Date;
}

const SELECT = `select c.*, s.name as system_name from connector_settings c
  join datamap_systems s on s.company_id = c.company_id and s.id = c.system_id`;

/** The connection of a system of the company, or undefined (none yet). */
export async function settingsOf(q: Queryable, companyId: string, systemId: string): Promise<SettingsRow | undefined> {
  const [row] = await q.query<SettingsRow>(`${SELECT} where c.company_id = $1 and c.system_id = $2`, [companyId, systemId]);
  return row;
}

/** Every connected system of the company, by name. */
export const connectedSystems = (q: Queryable, companyId: string) =>
  q.query<SettingsRow>(`${SELECT} where c.company_id = $1 order by s.name, s.id`, [companyId]);

export const targetOf = (config: ServerConfig, row: SettingsRow): Target => ({
  kind: row.kind,
  host: row.host,
  port: row.port,
  database: row.database_name,
  user: row.username,
  password: openPassword(config, row.password_secret),
  timeoutMs: row.timeout_seconds * 1000,
});

const toRecord = (r: SettingsRow): ConnectionRecord => ({
  systemId: r.system_id,
  kind: r.kind,
  host: r.host,
  port: r.port,
  database: r.database_name,
  user: r.username,
  hasPassword: r.password_secret !== '',
  timeoutSeconds: r.timeout_seconds,
  tables: r.tables,
  updated_dt: iso(r.updated_at),
});

async function checkSystem(q: Queryable, companyId: string, systemId: string) {
  const [row] = await q.query('select 1 from datamap_systems where company_id = $1 and id = $2', [companyId, systemId]);
  if (!row) throw notFound();
}

async function requireSettings(q: Queryable, companyId: string, systemId: string) {
  await checkSystem(q, companyId, systemId);
  const row = await settingsOf(q, companyId, systemId);
  if (!row) throw new ApiError(409, 'connector_not_configured');
  return row;
}

/** A system's connection (menu 16): settings, a test, the database's catalogue, the tables chosen. */
export const settingsRoutes = (config: ServerConfig) => [
  route({
    method: 'GET',
    url: '/datamap-systems/:id/connection',
    access: read,
    params: systemIdParams,
    reply: connectionReply,
    handler: async ({ db, session, params }) => {
      await checkSystem(db, session.companyId, params.id);
      const row = await settingsOf(db, session.companyId, params.id);
      return { data: row ? toRecord(row) : null };
    },
  }),
  route({
    method: 'PUT',
    url: '/datamap-systems/:id/connection',
    access: write,
    params: systemIdParams,
    body: connectionBody,
    reply: connectionReply,
    handler: async ({ db, session, params, body }) => {
      await checkSystem(db, session.companyId, params.id);
      const before = await settingsOf(db, session.companyId, params.id);
      // the same database elsewhere: the tables chosen stay; another one: they are chosen again
      const sameDatabase =
        before && before.kind === body.kind && before.host === body.host && before.port === body.port && before.database_name === body.database;
      const secret = body.password ? sealPassword(config, body.password) : (before?.password_secret ?? '');
      await db.query(
        `insert into connector_settings (company_id, system_id, kind, host, port, database_name, username, password_secret, timeout_seconds, tables)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         on conflict (company_id, system_id) do update set kind = excluded.kind, host = excluded.host, port = excluded.port,
           database_name = excluded.database_name, username = excluded.username, password_secret = excluded.password_secret,
           timeout_seconds = excluded.timeout_seconds, tables = excluded.tables, updated_at = now()`,
        [
          session.companyId,
          params.id,
          body.kind,
          body.host,
          body.port,
          body.database,
          body.user,
          secret,
          body.timeoutSeconds,
          JSON.stringify(sameDatabase ? before.tables : []),
        ],
      );
      return { data: toRecord((await settingsOf(db, session.companyId, params.id))!) };
    },
  }),
  route({
    method: 'DELETE',
    url: '/datamap-systems/:id/connection',
    access: write,
    params: systemIdParams,
    handler: async ({ db, session, params }) => {
      await requireSettings(db, session.companyId, params.id);
      await db.query('delete from connector_settings where company_id = $1 and system_id = $2', [session.companyId, params.id]);
      return {};
    },
  }),
  route({
    method: 'POST',
    url: '/datamap-systems/:id/connection/test',
    access: write,
    params: systemIdParams,
    reply: connectionTestReply,
    handler: async (ctx) => {
      const row = await requireSettings(ctx.db, ctx.session.companyId, ctx.params.id);
      return outsideTransaction(ctx, async () => {
        const started = performance.now();
        try {
          const version = await withConnection(targetOf(config, row), async (c) => {
            const { rows } = await c.query('select version() as v');
            return String(rows[0]?.v ?? '');
          });
          return { data: { ok: true, ms: Math.round(performance.now() - started), version, error: null } };
        } catch (err) {
          return { data: { ok: false, ms: Math.round(performance.now() - started), version: null, error: reasonOf(err) } };
        }
      });
    },
  }),
  route({
    method: 'GET',
    url: '/datamap-systems/:id/connection/catalogue',
    access: read,
    params: systemIdParams,
    reply: catalogueReply,
    handler: async ({ db, session, params }) => {
      const row = await requireSettings(db, session.companyId, params.id);
      try {
        const catalogue = await withConnection(targetOf(config, row), (c) => readCatalogue(c));
        return { data: catalogue.map((t) => ({ ...t, columns: t.columns.map(({ column, type, key }) => ({ column, type, key })) })) };
      } catch (err) {
        throw new ApiError(409, 'connector_failed', { reason: reasonOf(err) });
      }
    },
  }),
  route({
    method: 'PUT',
    url: '/datamap-systems/:id/connection/tables',
    access: write,
    params: systemIdParams,
    body: connectorTablesBody,
    reply: connectionReply,
    handler: async (ctx) => {
      const { session, params, body } = ctx;
      const row = await requireSettings(ctx.db, session.companyId, params.id);
      return outsideTransaction(ctx, async (_db, writeTx) => {
        let catalogue;
        try {
          catalogue = await withConnection(targetOf(config, row), (c) => readCatalogue(c));
        } catch (err) {
          throw new ApiError(409, 'connector_failed', { reason: reasonOf(err) });
        }
        for (const t of body.tables) {
          const reason = misfit(t, catalogue);
          if (reason) throw new ApiError(400, 'connector_table_misfit', { reason });
        }
        return writeTx(async (tx) => {
          const [updated] = await tx.query<{ n: number }>(
            'update connector_settings set tables = $3, updated_at = now() where company_id = $1 and system_id = $2 returning 1 as n',
            [session.companyId, params.id, JSON.stringify(body.tables)],
          );
          if (!updated) throw notFound();
          return { data: toRecord((await settingsOf(tx, session.companyId, params.id))!) };
        });
      });
    },
  }),
];
