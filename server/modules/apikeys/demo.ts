import { API_KEYS_DEMO } from '../../../demo/apikeys';
import type { ModuleDemo } from '../../db/seed';
import { newSecret } from './secret';

const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000);

/** A demo company's API keys (demo/apikeys.ts): in force, never used, revoked; their secrets are known to nobody. */
export default {
  async seed(q, { company, companyId, userIds }) {
    for (const k of API_KEYS_DEMO[company.code] ?? []) {
      const { keyId, hash } = newSecret();
      await q.query(
        `insert into api_keys (company_id, name, key_id, secret_hash, scopes, rate_limit, created_by, created_at, last_used_at, revoked_at, revoked_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, case when $10::timestamptz is null then null else $7::uuid end)`,
        [
          companyId,
          k.name,
          keyId,
          hash,
          k.scopes,
          k.rateLimit,
          userIds[0] ?? null,
          ago(k.createdDaysAgo * 24),
          k.lastUsedHoursAgo === undefined ? null : ago(k.lastUsedHoursAgo),
          k.revokedDaysAgo === undefined ? null : ago(k.revokedDaysAgo * 24),
        ],
      );
    }
  },
} satisfies ModuleDemo;
