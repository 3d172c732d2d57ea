import type { ApiScope } from '../contract/apikeys';

/** A demo API key: its secret is made at seeding and never shown (only its hash is kept). */
export interface ApiKeyDemo {
  name: string;
  scopes: ApiScope[];
  rateLimit: number;
  createdDaysAgo: number;
  /** hours since its last call; absent: never used */
  lastUsedHoursAgo?: number;
  /** days since it was revoked; absent: in force */
  revokedDaysAgo?: number;
}

/** Each demo company's API keys, by company code. */
export const API_KEYS_DEMO: Record<string, ApiKeyDemo[]> = {
  DEMO: [
    { name: 'LINE OA ร้านสาขา', scopes: ['consent:write', 'consent:read'], rateLimit: 6_000, createdDaysAgo: 45, lastUsedHoursAgo: 2 },
    { name: 'ร้านค้าออนไลน์', scopes: ['consent:read'], rateLimit: 60_000, createdDaysAgo: 30, lastUsedHoursAgo: 26 },
    { name: 'แอปสมาชิก (ทดสอบ)', scopes: ['consent:write', 'consent:read', 'requests:write'], rateLimit: 600, createdDaysAgo: 3 },
    { name: 'คอลเซ็นเตอร์ระบบเดิม', scopes: ['consent:write'], rateLimit: 6_000, createdDaysAgo: 200, lastUsedHoursAgo: 24 * 95, revokedDaysAgo: 90 },
  ],
};
