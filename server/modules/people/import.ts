import { randomBytes, randomUUID } from 'node:crypto';
import { MENU } from '../../../contract/menus';
import { INVITE_DAYS, displayName, personImportRow, type PersonImportRow } from '../../../contract/people';
import type { ServerConfig } from '../../config';
import type { Queryable } from '../../db/client';
import { uniqueProblems, type ImportDeclaration, type RowProblem } from '../../bulk/import';
import { sendMails, type Mail } from '../../mail';
import { hashToken } from '../auth/sessions';

/** A stored password no password matches (not an argon2 hash): the person sets one through the invitation. */
const NO_PASSWORD_YET = '!invited';

interface PositionRow {
  id: string;
  name: string;
  department_id: string;
}

/** The company's positions a row's text may name: in the row's department, or anywhere when it names none. */
const positionsOf = async (q: Queryable, companyId: string) =>
  q.query<PositionRow>('select id, name, department_id from positions where company_id = $1', [companyId]);

function matchPosition(positions: PositionRow[], row: PersonImportRow) {
  const wanted = row.position?.toLowerCase();
  return positions.filter((p) => p.name.toLowerCase() === wanted && (!row.departmentId || p.department_id === row.departmentId));
}

/**
 * Staff from a file (menu 14's edit right): each row a new account with its role, department and
 * position, and no password: each person is e-mailed a link to set one (the password reset's page),
 * valid INVITE_DAYS days. A username taken or repeated, or a position not found in the row's
 * department, is that row's problem.
 */
export const personImport = (config: ServerConfig): ImportDeclaration<PersonImportRow> => ({
  url: '/people',
  menuId: MENU.contacts.menuId,
  entity: 'users',
  title: 'people.tabs.people',
  schema: personImportRow,
  columns: [
    { key: 'username', label: 'people.fields.username', required: true, width: 24, example: { th: 'somchai.j', en: 'somchai.j' } },
    { key: 'firstname', label: 'people.fields.firstname', required: true, example: { th: 'สมชาย', en: 'Somchai' } },
    { key: 'lastname', label: 'people.fields.lastname', required: true, example: { th: 'ใจดี', en: 'Jaidee' } },
    {
      key: 'email',
      label: 'people.fields.email',
      required: true,
      width: 30,
      example: { th: 'somchai.j@example.co.th', en: 'somchai.j@example.co.th' },
    },
    { key: 'roleId', label: 'people.fields.role', required: true, lookup: { table: 'roles' }, example: { th: 'เจ้าหน้าที่', en: 'Staff' } },
    { key: 'departmentId', label: 'people.fields.department', lookup: { table: 'departments' }, example: { th: 'ฝ่ายบุคคล', en: 'Human resources' } },
    { key: 'position', label: 'people.fields.position', example: { th: 'เจ้าหน้าที่ฝ่ายบุคคล', en: 'HR officer' } },
  ],
  check: async (q, companyId, rows) => {
    const problems: RowProblem[] = await uniqueProblems(q, companyId, rows, {
      key: 'username',
      table: 'users',
      column: 'username',
      value: (r) => r.username,
    });
    if (rows.some((r) => r.position)) {
      const positions = await positionsOf(q, companyId);
      rows.forEach((row, index) => {
        if (!row.position) return;
        const found = matchPosition(positions, row);
        if (found.length === 1) return;
        problems.push({
          index,
          column: 'position',
          message: found.length ? 'import_position_ambiguous' : 'import_not_found',
          params: { value: row.position },
        });
      });
    }
    return problems;
  },
  insert: async (q, companyId, rows, { lang }) => {
    const positions = rows.some((r) => r.position) ? await positionsOf(q, companyId) : [];
    const people = rows.map((r) => {
      const position = r.position ? matchPosition(positions, r)[0] : undefined;
      return {
        id: randomUUID(),
        token: randomBytes(32).toString('hex'),
        ...r,
        departmentId: r.departmentId ?? position?.department_id ?? null,
        positionId: position?.id ?? null,
      };
    });
    await q.query(
      `insert into users (id, company_id, username, password_hash, firstname, lastname, email, role_id, department_id, position_id)
       select r.id, $1, r.username, $3, r.firstname, r.lastname, r.email, r."roleId", r."departmentId", r."positionId"
         from jsonb_to_recordset($2::jsonb) as r(id uuid, username text, firstname text, lastname text, email text, "roleId" uuid, "departmentId" uuid, "positionId" uuid)`,
      [companyId, JSON.stringify(people), NO_PASSWORD_YET],
    );
    // the invitation is the password reset's link, valid for days rather than minutes
    await q.query(
      `insert into account_tokens (token_hash, user_id, company_id, purpose, expires_at)
       select t.hash, t.user_id, $1, 'reset_password', now() + make_interval(days => $4) from unnest($2::text[], $3::uuid[]) as t(hash, user_id)`,
      [companyId, people.map((p) => hashToken(p.token)), people.map((p) => p.id), INVITE_DAYS],
    );
    const [company] = await q.query<{ code: string }>('select code from companies where id = $1', [companyId]);
    const mails: Mail[] = people.map((p) => ({
      to: p.email,
      template: 'invite',
      lang,
      params: {
        name: displayName(p),
        companyCode: company.code,
        username: p.username,
        days: INVITE_DAYS,
        link: `${config.mail.appUrl}/reset-password?token=${p.token}`,
      },
    }));
    await sendMails(q, mails, config.mail);
  },
});
