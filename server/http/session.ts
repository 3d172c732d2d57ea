import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../contract/auth';
import type { Queryable } from '../db/client';

/** How long a session lasts (the seed's cookie lasts 365 days). */
export const SESSION_DAYS = 365;

export interface Session {
  sessionId: string;
  userId: string;
  companyId: string;
  user: SessionUser;
  /** menu id -> may edit */
  menus: Map<number, boolean>;
}

/** The live session of a token, or undefined: what the module that keeps sessions provides. */
export type SessionLookup = (db: Queryable, token: string) => Promise<Session | undefined>;

declare module 'fastify' {
  interface FastifyInstance {
    /** decorated by the sessions' plugin (the auth module's), which every app registers before its routes */
    lookupSession: SessionLookup;
  }
}

/** The lookup the app's sessions plugin decorated; a clear failure at start when none did. */
export function sessionLookupOf(app: FastifyInstance): SessionLookup {
  if (!app.hasDecorator('lookupSession')) throw new Error('no sessions plugin registered: a module must decorate `lookupSession`');
  return app.lookupSession;
}
