/**
 * The audit trail (menu 13) in the fake: the calls of server/modules/audit with the server's
 * shapes. The fake keeps only what it can see for itself: sign-ins, failed sign-ins and the
 * trail's own exports (the server's database triggers also log every record change).
 */
import type { Request } from 'json-server';
import { Readable } from 'node:stream';
import { AUDIT_ENTITY, auditFilters, auditListQuery, type AuditAction, type AuditFilters } from '../contract/audit';
import { MENU } from '../contract/menus';
import { th } from '../i18n';
import { auditCsv } from '../server/modules/audit/csv';
import type { SigninFailure } from '../server/modules/audit/record';
import { toAuditEntry, type AuditRow } from '../server/modules/audit/routes';
import { now, route, type FakeData, type FakeUser, type Session } from './routes';

export interface FakeAudit {
  id: number;
  companyId: string | null;
  userId: string | null;
  username: string | null;
  at: string;
  action: AuditAction;
  entity: string;
  recordId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
}

const access = { menuId: MENU.settings.menuId } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const bangkokMidnight = (day: string) => new Date(`${day}T00:00:00+07:00`).getTime();

export function recordFakeAudit(data: FakeData, entry: Omit<FakeAudit, 'id' | 'at'>): FakeAudit {
  const row = { ...entry, id: (data.auditLog.at(-1)?.id ?? 0) + 1, at: now() };
  data.auditLog.push(row);
  return row;
}

/** The server's auditExport: one entry per exported record, or one for a list exported by its filters. */
export function recordFakeExport(
  data: FakeData,
  call: { req: Request; session: Session },
  entity: string,
  recordIds: readonly string[],
  details: Record<string, unknown>,
) {
  for (const recordId of recordIds.length ? recordIds : [null]) {
    recordFakeAudit(data, {
      companyId: call.session.user.companyId,
      userId: call.session.user.id,
      username: call.session.user.username,
      action: 'export',
      entity,
      recordId,
      before: null,
      after: JSON.parse(JSON.stringify(details)),
      ip: call.req.ip ?? null,
    });
  }
}

/** The server's auditSignin: under the account when it exists, else under the company the code names. */
export function recordFakeSignin(
  data: FakeData,
  req: Request,
  attempt: { companyCode: string; username: string },
  account: FakeUser | undefined,
  failure?: SigninFailure,
) {
  const company = data.companies.find((c) => c.code.toUpperCase() === attempt.companyCode.toUpperCase());
  const userAgent = String(req.headers['user-agent'] ?? '').slice(0, 300);
  recordFakeAudit(data, {
    companyId: account?.companyId ?? company?.id ?? null,
    userId: account?.id ?? null,
    username: account?.username ?? attempt.username,
    action: failure ? 'signin_failed' : 'signin',
    entity: AUDIT_ENTITY.users,
    recordId: account?.id ?? null,
    before: null,
    after: failure ? { companyCode: attempt.companyCode, reason: failure, userAgent } : { userAgent },
    ip: req.ip ?? null,
  });
}

export function auditRoutes(data: () => FakeData) {
  const fullName = (userId: string | null, companyId: string | null) => {
    const user = data().users.find((u) => u.id === userId && u.companyId === companyId);
    return user ? `${user.firstname} ${user.lastname}`.trim() || null : null;
  };
  /** The company's rows matching the filters, newest first (the server's `order by at desc, id desc`). */
  const matching = (session: Session, f: AuditFilters) =>
    data()
      .auditLog.filter(
        (a) =>
          a.companyId === session.user.companyId &&
          (!f.user || (UUID.test(f.user) ? a.userId === f.user : a.username?.toLowerCase() === f.user.toLowerCase())) &&
          (!f.entity || a.entity === f.entity) &&
          (!f.action || a.action === f.action) &&
          (!f.from || Date.parse(a.at) >= bangkokMidnight(f.from)) &&
          (!f.to || Date.parse(a.at) < bangkokMidnight(f.to) + 86_400_000),
      )
      .toSorted((a, b) => b.at.localeCompare(a.at) || b.id - a.id);
  const asRow = (a: FakeAudit): AuditRow => ({
    id: String(a.id),
    at: a.at,
    at_key: a.at,
    action: a.action,
    entity: a.entity,
    record_id: a.recordId,
    user_id: a.userId,
    username: a.username,
    full_name: fullName(a.userId, a.companyId),
    before: a.before,
    after: a.after,
    ip: a.ip,
  });

  return [
    route({
      method: 'get',
      url: '/audit/list',
      access,
      query: auditListQuery,
      handler: ({ session, query }) => {
        const rows = matching(session, query);
        const start = (query.currentPage - 1) * query.limit;
        return {
          auditList: rows.slice(start, start + query.limit).map((a) => toAuditEntry(asRow(a))),
          totalDoc: rows.length,
        };
      },
    }),

    route({
      method: 'get',
      url: '/audit/options',
      access,
      handler: ({ session }) => ({
        people: data()
          .users.filter((u) => u.companyId === session.user.companyId)
          .toSorted((a, b) => a.username.toLowerCase().localeCompare(b.username.toLowerCase()))
          .map((u) => ({ _id: u.id, username: u.username, fullName: `${u.firstname} ${u.lastname}`.trim() })),
        entities: [...new Set([...Object.keys(th.audit.entities), ...Object.values(AUDIT_ENTITY)])].sort(),
      }),
    }),

    route({
      method: 'get',
      url: '/audit/export',
      access,
      query: auditFilters,
      handler: ({ req, res, session, query, lang }) => {
        const rows = matching(session, query);
        recordFakeExport(data(), { req, session }, AUDIT_ENTITY.auditLog, [], { format: 'csv', filters: query });
        async function* all() {
          yield* rows.map(asRow);
        }
        res.status(200);
        res.setHeader('content-type', 'text/csv; charset=utf-8');
        res.setHeader('content-disposition', 'attachment; filename="audit-trail.csv"');
        Readable.from(auditCsv(all(), lang)).pipe(res);
        return undefined;
      },
    }),
  ];
}
