import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Queryable, Transaction } from '../db/client';
import type { Session } from './session';

/** Who is acting, as the audit trail's triggers read it from the transaction-local setting `pdpa.actor` (server/db/migrations/0004_audit.sql). */
export interface Actor {
  companyId: string | null;
  userId: string | null;
  username: string | null;
  /** the client's address (Fastify's `req.ip`: the proxy's client with TRUST_PROXY) */
  ip: string;
}

export const actorOf = (session: Session, req: FastifyRequest): Actor => ({
  companyId: session.companyId,
  userId: session.userId,
  username: session.user.username,
  ip: req.ip,
});

/** Tells the audit trail who acts for the rest of the transaction `q`. */
export async function actAs(q: Queryable, actor: Actor): Promise<void> {
  await q.query(`select set_config('pdpa.actor', $1, true)`, [JSON.stringify(actor)]);
}

/**
 * Someone on a public page (no session): the trail keeps the address, and the account when the
 * call itself proves it (a one-time link) or creates it (a registration). The company comes from
 * the rows written.
 */
export const publicActor = (req: FastifyRequest, who?: { userId?: string | null; username?: string | null }): Actor => ({
  companyId: null,
  userId: who?.userId ?? null,
  username: who?.username ?? null,
  ip: req.ip,
});

/**
 * Runs `fn` in ONE transaction whose writes the audit trail attributes to `actor`: all of it
 * lands or none of it. `fn` gets a Db bound to that transaction, so code written against a Db
 * (`db.query`, `db.tx`) runs inside it unchanged.
 */
export function withActor<T>(db: Db, actor: Actor, fn: (db: Db) => Promise<T>): Promise<T> {
  return db.tx(async (q) => {
    await actAs(q, actor);
    const bound = transactionDb(db, q);
    try {
      return await fn(bound.db);
    } finally {
      bound.end();
    }
  });
}

/**
 * `withActor` for a route's handler. A reply the handler sends itself (a file) is held until the
 * transaction has committed: the client never hears of a write it could not yet read back, nor of
 * one that failed at the end (then the error is the answer).
 */
export async function withActorReply<T>(db: Db, actor: Actor, reply: FastifyReply, fn: (db: Db) => Promise<T>): Promise<T> {
  let held: { payload: unknown } | undefined;
  const own = reply as unknown as { send: FastifyReply['send'] };
  own.send = ((payload?: unknown) => {
    held = { payload };
    return reply;
  }) as FastifyReply['send'];
  let result: T;
  try {
    result = await withActor(db, actor, fn);
  } finally {
    // back to Fastify's own send (the prototype's)
    delete (own as { send?: unknown }).send;
  }
  if (held) reply.send(held.payload);
  return result;
}

/**
 * A Db whose statements run on the transaction `q`. Its `tx(fn)` runs `fn` in the same
 * transaction, inside a savepoint: a failure undoes just that part, as a transaction of its own
 * would have (the caller may catch it and go on). Once the transaction has ended, anything still
 * using this Db (a late callback) goes to the database itself, as it would have before.
 */
function transactionDb(base: Db, q: Transaction): { db: Db; end(): void } {
  let open = true;
  let savepoints = 0;
  const query = <T>(sql: string, params?: unknown[]) => (open ? q.query<T>(sql, params) : base.query<T>(sql, params));
  const exec = (sql: string) => (open ? q.exec(sql) : base.exec(sql));
  const afterCommit = (hook: () => Promise<void> | void) => {
    if (open && q.afterCommit) q.afterCommit(hook);
    else
      void Promise.resolve()
        .then(hook)
        .catch((err: unknown) => console.error('after-commit hook failed', err));
  };
  const db: Db = {
    kind: base.kind,
    query,
    afterCommit,
    async tx(fn) {
      if (!open) return base.tx(fn);
      // nested transactions run one after another on one connection: a name per level is enough
      const name = `nested_tx_${++savepoints}`;
      const hooks: Array<() => Promise<void> | void> = [];
      await q.query(`savepoint ${name}`);
      try {
        const result = await fn({ db: base, query, exec, afterCommit: (hook) => void hooks.push(hook) });
        await q.query(`release savepoint ${name}`);
        for (const hook of hooks) afterCommit(hook);
        return result;
      } catch (err) {
        await q.query(`rollback to savepoint ${name}`);
        throw err;
      } finally {
        savepoints--;
      }
    },
    exec,
    listen: (channel, onNotify) => base.listen(channel, onNotify),
    close: () => Promise.reject(new Error('a request cannot close the database')),
  };
  Object.defineProperty(db, 'db', { value: base, enumerable: false });
  return { db, end: () => void (open = false) };
}
