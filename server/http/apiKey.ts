import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiScope } from '../../contract/apikeys';
import type { Db } from '../db/client';
import type { Actor } from './actorDb';

/** The company's app calling with an API key: which key, whose, and what it may do. */
export interface ApiCaller {
  keyId: string;
  companyId: string;
  /** the key's name: the channel of the consents it records, and the actor in the audit trail */
  name: string;
  scopes: readonly ApiScope[];
}

/**
 * The caller behind `Authorization: Bearer pdpa_live_…`, its call counted against the key's rate:
 * what the module that keeps API keys provides. Throws the refusal (401 without a valid key, 429
 * past the key's rate).
 */
export type ApiKeyLookup = (db: Db, req: FastifyRequest) => Promise<ApiCaller>;

declare module 'fastify' {
  interface FastifyInstance {
    /** decorated by the API keys' plugin (server/modules/apikeys) */
    lookupApiKey: ApiKeyLookup;
  }
}

/** The lookup the API keys' plugin decorated; a clear failure at start when none did. */
export function apiKeyLookupOf(app: FastifyInstance): ApiKeyLookup {
  if (!app.hasDecorator('lookupApiKey')) throw new Error('no API keys plugin registered: a module must decorate `lookupApiKey`');
  return app.lookupApiKey;
}

/** A key acting: the audit trail names it (no user), under its company. */
export const apiActorOf = (caller: ApiCaller, req: FastifyRequest): Actor => ({
  companyId: caller.companyId,
  userId: null,
  username: `API · ${caller.name}`,
  ip: req.ip,
});
