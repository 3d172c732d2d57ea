import {
  apiKeyCreateBody,
  apiKeyCreatedReply,
  apiKeyListQuery,
  apiKeyListReply,
  apiKeyParams,
  apiKeyReply,
  type ApiKey,
  type ApiScope,
} from '../../../contract/apikeys';
import { MENU } from '../../../contract/menus';
import type { Queryable } from '../../db/client';
import { likePattern } from '../../db/search';
import { ApiError, notFound } from '../../http/errors';
import { route } from '../../http/route';
import { apiKeysChanged } from './auth';
import { displayPrefix, newSecret } from './secret';

/** API keys live under the settings (menu 13): reading needs the menu, creating and revoking its edit right. */
const read = { menuId: MENU.settings.menuId } as const;
const write = { ...read, write: true } as const;

interface KeyRow {
  id: string;
  name: string;
  key_id: string;
  scopes: ApiScope[];
  rate_limit: number;
  created_by_name: string | null;
  created_at: Date | string;
  last_used_at: Date | string | null;
  revoked_at: Date | string | null;
}

const COLUMNS = `k.id, k.name, k.key_id, k.scopes, k.rate_limit, k.created_at, k.last_used_at, k.revoked_at,
  (select coalesce(nullif(trim(concat_ws(' ', u.firstname, u.lastname)), ''), u.username) from users u where u.id = k.created_by) as created_by_name`;
const SORT_SQL = { name: 'lower(k.name)', created_dt: 'k.created_at', lastUsed_dt: 'k.last_used_at', id: 'k.created_at' } as const;
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

const toKey = (r: KeyRow): ApiKey => ({
  id: r.id,
  name: r.name,
  prefix: displayPrefix(r.key_id),
  scopes: r.scopes,
  rateLimit: r.rate_limit,
  createdBy: r.created_by_name,
  created_dt: new Date(r.created_at).toISOString(),
  lastUsed_dt: iso(r.last_used_at),
  revoked_dt: iso(r.revoked_at),
});

async function loadKey(q: Queryable, companyId: string, id: string): Promise<ApiKey> {
  const [row] = await q.query<KeyRow>(`select ${COLUMNS} from api_keys k where k.company_id = $1 and k.id = $2`, [companyId, id]);
  if (!row) throw notFound();
  return toKey(row);
}

/** API keys (`/settings/api-keys`) by the regular REST convention: `/api-keys`, `/api-keys/:id`; a DELETE revokes. */
export const keyRoutes = [
  route({
    method: 'GET',
    url: '/api-keys',
    access: read,
    reply: apiKeyListReply,
    query: apiKeyListQuery,
    handler: async ({ db, session, query, reply }) => {
      const [field, direction] = query.sort;
      const [from, to] = query.range;
      const search = query.filter ? [likePattern(query.filter)] : [];
      const where = `k.company_id = $1${search.length ? ' and k.name ilike $2' : ''}`;
      // in force first, then by the chosen column
      const order = `k.revoked_at is not null, ${SORT_SQL[field]} ${direction === 'DESC' ? 'desc nulls last' : 'asc nulls first'}, k.id`;
      const n = 2 + search.length;
      const [rows, [{ total }]] = await Promise.all([
        db.query<KeyRow>(`select ${COLUMNS} from api_keys k where ${where} order by ${order} limit $${n} offset $${n + 1}`, [
          session.companyId,
          ...search,
          to - from + 1,
          from,
        ]),
        db.query<{ total: number }>(`select count(*)::int as total from api_keys k where ${where}`, [session.companyId, ...search]),
      ]);
      reply.header('Content-Range', rows.length ? `api-keys ${from}-${from + rows.length - 1}/${total}` : `api-keys */${total}`);
      return { data: rows.map(toKey), total };
    },
  }),

  route({
    method: 'GET',
    url: '/api-keys/:id',
    access: read,
    reply: apiKeyReply,
    params: apiKeyParams,
    handler: async ({ db, session, params }) => ({ data: await loadKey(db, session.companyId, params.id) }),
  }),

  route({
    method: 'POST',
    url: '/api-keys',
    access: write,
    reply: apiKeyCreatedReply,
    body: apiKeyCreateBody,
    handler: async ({ db, session, body }) => {
      const { keyId, secret, hash } = newSecret();
      const [taken] = await db.query('select 1 from api_keys where company_id = $1 and lower(name) = lower($2) and revoked_at is null', [
        session.companyId,
        body.name,
      ]);
      if (taken) throw new ApiError(409, 'api_key_name_taken');
      const [row] = await db.query<{ id: string }>(
        `insert into api_keys (company_id, name, key_id, secret_hash, scopes, rate_limit, created_by)
         values ($1, $2, $3, $4, $5, $6, $7) returning id`,
        [session.companyId, body.name, keyId, hash, body.scopes, body.rateLimit, session.userId],
      );
      // the secret is in this reply only: the database keeps its hash
      return { data: { ...(await loadKey(db, session.companyId, row.id)), secret } };
    },
  }),

  route({
    method: 'DELETE',
    url: '/api-keys/:id',
    access: write,
    reply: apiKeyReply,
    params: apiKeyParams,
    handler: async ({ db, session, params }) => {
      const [row] = await db.query<{ revoked: boolean }>(
        'select revoked_at is not null as revoked from api_keys where id = $1 and company_id = $2 for update',
        [params.id, session.companyId],
      );
      if (!row) throw notFound();
      if (row.revoked) throw new ApiError(409, 'api_key_revoked');
      await db.query('update api_keys set revoked_at = now(), revoked_by = $3 where id = $1 and company_id = $2', [
        params.id,
        session.companyId,
        session.userId,
      ]);
      // no process may go on accepting the key from its cache
      await apiKeysChanged(db);
      return { data: await loadKey(db, session.companyId, params.id) };
    },
  }),
];
