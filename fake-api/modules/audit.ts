/**
 * The audit trail (menu 13) over `auditLog`: the fake logs sign-ins (modules/shell.ts); the server's
 * database logs every record change, and the contract suite tests the trail's entries there.
 */
import { AUDIT_ENTITY, auditFilters, auditListQuery, type AuditFilters } from '../../contract/audit';
import { MENU } from '../../contract/menus';
import { th } from '../../i18n';
import type { Row } from '../collections';
import { csv, ownRows, page } from '../crud';
import { route, type Call } from '../engine';

const access = { menuId: MENU.settings.menuId } as const;
const bangkokMidnight = (day: string) => new Date(`${day}T00:00:00+07:00`).getTime();

const entries = (call: Call<AuditFilters>) =>
  ownRows(call, 'auditLog').filter(
    (a) =>
      (!call.query.user || a.userId === call.query.user || a.username?.toLowerCase() === call.query.user.toLowerCase()) &&
      (!call.query.entity || a.entity === call.query.entity) &&
      (!call.query.action || a.action === call.query.action) &&
      (!call.query.from || Date.parse(a.at) >= bangkokMidnight(call.query.from)) &&
      (!call.query.to || Date.parse(a.at) < bangkokMidnight(call.query.to) + 86_400_000),
  );
const entryView = (a: Row<'auditLog'>, call: Call) => {
  const { companyId: _, ...entry } = a;
  const users = ownRows(call, 'users');
  const nameOf = (id: string | null) => {
    const user = users.find((u) => u._id === id);
    return user ? `${user.firstname} ${user.lastname}`.trim() || null : null;
  };
  // the fake logs sign-ins (the record: the account) and exports (records named by the server's SQL only)
  const recordLabel = a.entity === AUDIT_ENTITY.users ? (nameOf(a.recordId) ?? users.find((u) => u._id === a.recordId)?.username ?? null) : null;
  return { ...entry, fullName: nameOf(a.userId), recordLabel, names: {} };
};

export const auditRoutes = [
  route({
    method: 'get',
    url: '/audit/list',
    access,
    query: auditListQuery,
    handler: (call) => {
      const rows = entries(call);
      return { auditList: page(rows, call.query, (a) => a.at).map((a) => entryView(a, call)), totalDoc: rows.length };
    },
  }),
  route({
    method: 'get',
    url: '/audit/options',
    access,
    handler: (call) => ({
      people: ownRows(call, 'users')
        .toSorted((a, b) => a.username.toLowerCase().localeCompare(b.username.toLowerCase()))
        .map((u) => ({ _id: u._id, username: u.username, fullName: `${u.firstname} ${u.lastname}`.trim() })),
      entities: [...new Set([...Object.keys(th.audit.entities), ...Object.values(AUDIT_ENTITY)])].sort(),
    }),
  }),
  csv({
    url: '/audit/export',
    access,
    query: auditFilters,
    file: 'audit-trail.csv',
    rows: (call) =>
      entries(call)
        .toSorted((a, b) => b.at.localeCompare(a.at))
        .map((a) => entryView(a, call)),
  }),
];
