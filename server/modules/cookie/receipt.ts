import { z } from 'zod';
import {
  cookieReceiptCheck,
  cookieReceiptCheckReply,
  RECEIPT_CHOICES,
  type CookieReceipt,
  type CookieReceiptCheck,
  type CookieReceiptCheckReply,
  type CookieReceiptChoice,
} from '../../../contract/cookie';
import { MENU } from '../../../contract/menus';
import type { Queryable } from '../../db/client';
import { route } from '../../http/route';
import { ownDomain, verifyCookieLog } from './digests';

/**
 * A visitor's receipt of their choices, and the company's check of one (docs/modules/cookie.md, "Receipts").
 * Each choice carries the hash of its row's line (`cookie_log_line`, 0063_cookie_provable_log.sql): the
 * same hash the day's seal is taken over, so a receipt shown later is matched against the log as it is
 * then, and its day's seal recomputed.
 */

/** A logged choice as a receipt shows it; its time to the microsecond, as the line hashes it (it names the row). */
const CHOICE_COLUMNS = `to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, l.version, l.method, l.choices,
       l.path, l.lang, l.gpc,
       encode(sha256(convert_to(cookie_log_line(l.created_at, l.visitor_id, l.version, l.method, l.choices,
                                                l.path, l.lang, l.gpc, l.browser, l.ip_hash), 'UTF8')), 'hex') as hash,
       to_char(l.created_at at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as day`;

interface ChoiceRow {
  at: string;
  version: number;
  method: CookieReceiptChoice['method'];
  choices: Record<string, boolean>;
  path: string;
  lang: string;
  gpc: boolean;
  hash: string;
  day: string;
}
const choiceOf = (r: ChoiceRow) => ({
  at: r.at,
  version: Number(r.version),
  method: r.method,
  choices: r.choices,
  path: r.path,
  lang: r.lang,
  gpc: r.gpc,
  hash: r.hash,
});

/** The receipt of a visitor's latest choices on a domain (the latest first), each with its day's seal once there is one. */
export async function visitorReceipt(
  q: Queryable,
  domain: { companyId: string; domainId: string; host: string },
  visitorId: string,
): Promise<CookieReceipt> {
  const rows = await q.query<ChoiceRow & { seal_hash: string | null; seal_rows: string | null; sealed_at: Date | string | null }>(
    `select ${CHOICE_COLUMNS}, g.hash as seal_hash, g.rows as seal_rows, g.sealed_at
       from cookie_log l
       left join cookie_log_digests g on g.domain_id = l.domain_id and g.day = (l.created_at at time zone 'Asia/Bangkok')::date
      where l.company_id = $1 and l.visitor_id = $2 and l.domain_id = $3
      order by l.created_at desc
      limit ${RECEIPT_CHOICES}`,
    [domain.companyId, visitorId, domain.domainId],
  );
  return {
    host: domain.host,
    domainId: domain.domainId,
    visitorId,
    issuedAt: new Date().toISOString(),
    choices: rows.map((r) => ({
      ...choiceOf(r),
      day: r.day,
      seal: r.seal_hash ? { hash: r.seal_hash, rows: Number(r.seal_rows), sealedAt: new Date(r.sealed_at!).toISOString() } : null,
    })),
  };
}

/**
 * A receipt's choice against the log: the row of that visitor at that moment (not_found: none), its hash
 * now (altered: another), and whether its day's seal still verifies (null: not sealed yet).
 */
export async function checkReceipt(q: Queryable, companyId: string, body: CookieReceiptCheck): Promise<CookieReceiptCheckReply> {
  await ownDomain(q, companyId, body.domainId);
  const rows = await q.query<ChoiceRow>(
    `select ${CHOICE_COLUMNS} from cookie_log l
      where l.company_id = $1 and l.visitor_id = $2 and l.domain_id = $3 and l.created_at = $4::timestamptz`,
    [companyId, body.visitorId, body.domainId, body.at],
  );
  if (!rows.length) return { outcome: 'not_found', logged: null, sealVerified: null };
  // two choices of one visitor in the same microsecond are not made by a banner; the matching one is the receipt's
  const row = rows.find((r) => r.hash === body.hash) ?? rows[0];
  // the hash names the row; what the receipt shows of it must be the row too (a receipt edited by hand keeps its hash)
  const same =
    row.hash === body.hash &&
    Number(row.version) === body.version &&
    row.method === body.method &&
    row.path === body.path &&
    row.lang === body.lang &&
    row.gpc === body.gpc &&
    sameChoices(row.choices, body.choices);
  // the day's seal recomputed (no seal of that day yet: no days verified)
  const seal = await verifyCookieLog(q, companyId, { domainId: body.domainId, from: row.day, to: row.day });
  return { outcome: same ? 'logged' : 'altered', logged: choiceOf(row), sealVerified: seal.days ? seal.ok : null };
}

const sameChoices = (a: Record<string, boolean>, b: Record<string, boolean>) =>
  Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((k) => b[k] === a[k]);

export const cookieReceiptRoutes = [
  // a receipt a visitor shows the company, checked against the log: a read
  route({
    method: 'POST',
    url: '/cookie/log/receipt',
    access: { menuId: MENU.cookie.menuId },
    body: cookieReceiptCheck,
    reply: z.object({ receiptCheck: cookieReceiptCheckReply }),
    handler: async ({ db, session, body }) => ({ receiptCheck: await checkReceipt(db, session.companyId, body) }),
  }),
];
