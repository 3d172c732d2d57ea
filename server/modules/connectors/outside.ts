import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { actorOf, withActor } from '../../http/actorDb';
import type { Session } from '../../http/session';

interface Ctx {
  db: Db;
  reply: FastifyReply;
  req: FastifyRequest;
  session: Session;
}

/**
 * Runs `work` once the route's own transaction has committed, so nothing of the product's database is
 * held while a company's system answers (up to its timeout): the embedded database has one connection.
 * `work` gets the database itself and `write(fn)`, a transaction the audit trail attributes to the
 * caller; its value is the reply, or its error the refusal. A read route (no transaction) runs it at once.
 */
export async function outsideTransaction(
  ctx: Ctx,
  work: (db: Db, write: <T>(fn: (tx: Db) => Promise<T>) => Promise<T>) => Promise<Record<string, unknown>>,
): Promise<Record<string, unknown> | undefined> {
  const base = ctx.db.db ?? ctx.db;
  const write = <T>(fn: (tx: Db) => Promise<T>) => withActor(base, actorOf(ctx.session, ctx.req), fn);
  if (!ctx.db.afterCommit) return work(base, write);
  ctx.db.afterCommit(async () => {
    const result = await work(base, write);
    ctx.reply.send({ status: 200, ...result });
  });
  return undefined;
}
