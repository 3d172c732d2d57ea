import { requestConnectorsReply, requestParams, runParams, runReply, runRowsReply, runsReply } from '../../../contract/connectors';
import { MENU } from '../../../contract/menus';
import type { ServerConfig } from '../../config';
import { refuseSelfApproval } from '../../http/approval';
import { ApiError } from '../../http/errors';
import { route } from '../../http/route';
import { erasureCertificate, numberCertificate } from './certificate';
import { requestIdentity } from './identity';
import { outsideTransaction } from './outside';
import { erasureKinds, executeErasure, recordRuns, rowsOfRun, runAccess, runDryErasure, runOf, runsByIds, runsOfRequest, toRun } from './runs';
import { connectedSystems, settingsOf } from './settings';

const read = { menuId: MENU.consents.menuId } as const;
const write = { ...read, write: true } as const;

const databaseLabel = (s: { kind: string; host: string; port: number; database_name: string }) =>
  `${s.kind}://${s.host}:${s.port}/${s.database_name}`;

/**
 * `POST /consents/datasubject/:requestId/connectors/<kind>`: runs on every connected system at once (access: the
 * requester's rows; erasure: the dry run's counts), outside the product's transaction, then records each system's run.
 */
const startRuns = (config: ServerConfig, kind: 'access' | 'erasure', run: typeof runAccess | typeof runDryErasure) =>
  route({
    method: 'POST',
    url: `/consents/datasubject/:requestId/connectors/${kind}`,
    access: write,
    params: requestParams,
    reply: runsReply,
    handler: async (ctx) => {
      const { session, params } = ctx;
      const { identity } = await requestIdentity(ctx.db, session.companyId, params.requestId);
      if (!(await connectedSystems(ctx.db, session.companyId)).length) throw new ApiError(409, 'connector_none');
      return outsideTransaction(ctx, async (db, writeTx) => {
        const outcomes = await run(config, db, session.companyId, identity);
        return writeTx(async (tx) => {
          const ids = await recordRuns(tx, session.companyId, params.requestId, session.userId, kind, outcomes);
          return { data: await runsByIds(tx, session.companyId, ids) };
        });
      });
    },
  });

/** A request's runs on the connected systems (the DSR menu, 5): access, the erasure's dry run, its approval, the certificate. */
export const requestRoutes = (config: ServerConfig) => [
  route({
    method: 'GET',
    url: '/consents/datasubject/:requestId/connectors',
    personalData: { entity: 'dsr_requests', ids: ({ params }) => [params.requestId] },
    access: read,
    params: requestParams,
    reply: requestConnectorsReply,
    handler: async ({ db, session, params }) => {
      await requestIdentity(db, session.companyId, params.requestId);
      const systems = await connectedSystems(db, session.companyId);
      return {
        systems: systems.map((s) => ({ id: s.system_id, name: s.system_name, kind: s.kind })),
        data: await runsOfRequest(db, session.companyId, params.requestId),
      };
    },
  }),
  startRuns(config, 'access', runAccess),
  startRuns(config, 'erasure', runDryErasure),
  route({
    method: 'POST',
    url: '/connector-runs/:id/approve',
    access: write,
    params: runParams,
    reply: runReply,
    handler: async (ctx) => {
      const { session, params } = ctx;
      const run = await runOf(ctx.db, session.companyId, params.id);
      if (run.kind !== 'erasure' || run.status !== 'awaiting_approval' || run.approved_by) throw new ApiError(409, 'connector_run_state');
      await refuseSelfApproval(ctx.db, { companyId: session.companyId, userId: session.userId, authors: [run.requested_by], menuId: read.menuId });
      const system = await settingsOf(ctx.db, session.companyId, run.system_id);
      if (!system) throw new ApiError(409, 'connector_not_configured');
      const { identity } = await requestIdentity(ctx.db, session.companyId, run.request_id);
      // claimed before the system is touched: a second approval of the same run is refused
      await ctx.db.query('update connector_runs set approved_by = $3, approved_at = now() where company_id = $1 and id = $2', [
        session.companyId,
        run.id,
        session.userId,
      ]);
      return outsideTransaction(ctx, async (_db, writeTx) => {
        const outcome = await executeErasure(config, system, identity);
        return writeTx(async (tx) => {
          const finished = new Date();
          if (outcome.ok)
            await tx.query(
              `update connector_runs set status = 'erased', counts = $3, actions = $4, keys_digest = $5, database_label = $6, finished_at = $7,
                      certificate_number = $8, error = null
                where company_id = $1 and id = $2`,
              [
                session.companyId,
                run.id,
                JSON.stringify(outcome.counts),
                JSON.stringify(erasureKinds(system.tables)),
                outcome.digest,
                databaseLabel(system),
                finished,
                await numberCertificate(tx, session.companyId, finished),
              ],
            );
          else
            await tx.query(`update connector_runs set status = 'failed', error = $3, finished_at = $4 where company_id = $1 and id = $2`, [
              session.companyId,
              run.id,
              outcome.error,
              finished,
            ]);
          return { data: toRun(await runOf(tx, session.companyId, run.id)) };
        });
      });
    },
  }),
  route({
    method: 'POST',
    url: '/connector-runs/:id/cancel',
    access: write,
    params: runParams,
    reply: runReply,
    handler: async ({ db, session, params }) => {
      const run = await runOf(db, session.companyId, params.id);
      if (run.status !== 'awaiting_approval' || run.approved_by) throw new ApiError(409, 'connector_run_state');
      await db.query(`update connector_runs set status = 'cancelled', finished_at = now() where company_id = $1 and id = $2`, [
        session.companyId,
        run.id,
      ]);
      return { data: toRun(await runOf(db, session.companyId, run.id)) };
    },
  }),
  route({
    method: 'GET',
    url: '/connector-runs/:id/rows',
    personalData: { entity: 'connector_runs', ids: ({ params }) => [params.id] },
    access: read,
    params: runParams,
    reply: runRowsReply,
    handler: async ({ db, session, params }) => {
      const run = await runOf(db, session.companyId, params.id);
      if (run.kind !== 'access') throw new ApiError(409, 'connector_run_state');
      return { data: await rowsOfRun(db, session.companyId, run) };
    },
  }),
  route({
    method: 'GET',
    url: '/connector-runs/:id/certificate',
    access: read,
    params: runParams,
    handler: async ({ db, session, params, lang, reply }) => {
      const run = await runOf(db, session.companyId, params.id);
      const pdf = await erasureCertificate(db, session.companyId, run, lang);
      const name = (run.certificate_number ?? run.id).replace(/[^A-Za-z0-9-]/g, '-');
      reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="erasure-${name}.pdf"`).send(pdf);
      return undefined;
    },
  }),
];
