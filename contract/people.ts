import { z } from 'zod';
import { emailField, usernameField } from './accounts';
import { MAX_PAGE_SIZE, pagingQuery, searchText } from './http';
import { newPassword } from './password';

/**
 * People (menu 14, `/settings/contacts/list`): staff users and contact users, the company's
 * departments and positions, and the DPO list. The seed's calls keep their paths and reply keys
 * (`/user/contact/list` → `contactList` + `totalItem`, `/user/contact/department` → `department` +
 * `totalDoc`, `/user/contact/position` → `position` + `totalDoc`, `/user/dpoList` → `dpo_list` +
 * `totalDoc`); what the seed does not show (create, edit, disable, reset password) lives under
 * `/people/:id`.
 */

/** How a person is named everywhere (lists, DPO list, e-mails): first and last name, else the username. */
export const displayName = (p: { firstname: string; lastname: string; username?: string }) =>
  `${p.firstname} ${p.lastname}`.trim() || (p.username ?? '');

/** A staff user signs in at `/login`; a contact user has a sub-account id (`subId`) and signs in at `/contact-login`. */
export const PERSON_KINDS = ['staff', 'contact'] as const;
export type PersonKind = (typeof PERSON_KINDS)[number];
/** The list's kind filter. */
export const PERSON_KIND_FILTERS = ['all', ...PERSON_KINDS] as const;

/**
 * What `type` of `/user/contact/department` names: the master list the call changes. The seed's
 * one path serves both lists; `department` when absent.
 */
export const CONTACT_MASTER_TYPES = ['department', 'position'] as const;

/** The prefix of a contact user's generated sub-account id (`CT-0001`, the demo's). */
export const SUB_ID_PREFIX = 'CT-';

const id = z.uuid();
/** A select left empty sends '' (or null): no department, no position. */
const optionalId = z.union([z.literal('').transform(() => null), id]).nullish();

/**
 * A person's first or last name, a department's or position's name: plain text kept as typed
 * (HTML included: it is shown as text, never as markup); no control characters.
 */
export const personName = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((s) => !/[\u0000-\u001F\u007F]/.test(s));

/** A contact user's sub-account id: letters, digits, dot, dash or underscore; blank: the next `CT-NNNN`. */
export const subIdField = z
  .string()
  .trim()
  .max(50)
  .refine((s) => s === '' || /^[A-Za-z0-9._-]+$/.test(s))
  .nullish()
  .transform((s) => (s ? s : null));

// ---- people -------------------------------------------------------------------------------------
/** `GET /user/contact/list?currentPage&limit&search&kind` */
export const contactListQuery = pagingQuery.extend({
  search: searchText,
  kind: z.enum(PERSON_KIND_FILTERS).default('all'),
});

/** A person as every call replies it. Never any password material. */
export const person = z.object({
  _id: z.string(),
  kind: z.enum(PERSON_KINDS),
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  /** first and last name, as lists and the DPO choice show it */
  name: z.string(),
  email: z.string().nullable(),
  /** contact users only */
  subId: z.string().nullable(),
  roleId: z.string().nullable(),
  roleName: z.string().nullable(),
  departmentId: z.string().nullable(),
  departmentName: z.string().nullable(),
  positionId: z.string().nullable(),
  positionName: z.string().nullable(),
  disabled: z.boolean(),
  /** an authenticator app is enrolled (issue 31 §2): its sign-in asks for a code */
  secondFactor: z.boolean(),
  /** the person's role requires a second factor */
  secondFactorRequired: z.boolean(),
  created_dt: z.string(),
});
export type Person = z.infer<typeof person>;

export const contactListReply = z.object({
  status: z.literal(200),
  contactList: z.array(person),
  totalItem: z.number().int().min(0),
});

/** `PUT /people/:id`: a person's details. The kind decides the sub-account id (contact) or none (staff). */
export const personBody = z.object({
  kind: z.enum(PERSON_KINDS),
  username: usernameField,
  firstname: personName(100),
  lastname: personName(100),
  email: emailField,
  subId: subIdField,
  /** one of the company's roles (`GET /roles`) */
  roleId: z.string().trim().min(1).max(100),
  departmentId: optionalId,
  /** a position of `departmentId` (when the department is left empty, the position's own) */
  positionId: optionalId,
});
export type PersonBody = z.input<typeof personBody>;

/** `POST /people`: the details and a first password (checked by `passwordProblem` against the names). */
export const personCreateBody = personBody.extend({ password: newPassword });
export type PersonCreateBody = z.input<typeof personCreateBody>;

/**
 * A row of the people import (`/people/import`): a staff member with an e-mail (the invitation to set
 * a password goes there), a role, and maybe a department and a position named as the company's lists
 * name them (a position's department is found from it when the row gives none).
 */
export const personImportRow = z
  .object({
    username: usernameField,
    firstname: personName(100),
    lastname: personName(100),
    email: emailField,
    roleId: id,
    departmentId: id.nullish(),
    position: personName(200).optional(),
  })
  .strict();
export type PersonImportRow = z.infer<typeof personImportRow>;
/** How long an imported person's invitation link works. */
export const INVITE_DAYS = 7;

export const personParams = z.object({ id: z.string().trim().min(1).max(100) });

/** `PUT /people/:id/status`: disable (every session ends at once) or enable again. */
export const personStatusBody = z.object({ disabled: z.boolean() });

/** `PUT /people/:id/password`: an administrator sets a new password; every session of the person ends. */
export const personPasswordBody = z.object({ password: newPassword });

export const personReply = z.object({ status: z.literal(200), data: person });

// ---- departments and positions ------------------------------------------------------------------
/**
 * Paging of the master lists: the seed sends none, so without `limit` a list answers its first
 * MAX_PAGE_SIZE rows (every department a select needs).
 */
const masterListQuery = pagingQuery.extend({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(MAX_PAGE_SIZE),
  search: searchText,
});

/** `GET /user/contact/department?currentPage&limit&search` */
export const departmentListQuery = masterListQuery;
/** `GET /user/contact/position?departmentId&currentPage&limit&search` (every department's when absent) */
export const positionListQuery = masterListQuery.extend({ departmentId: id.optional() });

export const department = z.object({
  _id: z.string(),
  name: z.string(),
  /** its head, a staff member: they see the department's standing in the knowledge tests */
  headUserId: z.string().nullable(),
  headName: z.string().nullable(),
  positionCount: z.number().int().min(0),
  userCount: z.number().int().min(0),
  created_dt: z.string(),
});
export const position = z.object({
  _id: z.string(),
  name: z.string(),
  departmentId: z.string(),
  departmentName: z.string(),
  userCount: z.number().int().min(0),
  created_dt: z.string(),
});
export type Department = z.infer<typeof department>;
export type Position = z.infer<typeof position>;

export const departmentListReply = z.object({ status: z.literal(200), department: z.array(department), totalDoc: z.number().int() });
export const positionListReply = z.object({ status: z.literal(200), position: z.array(position), totalDoc: z.number().int() });

const masterType = z.enum(CONTACT_MASTER_TYPES).default('department');
/** A department's or position's name, as `value` carries it. */
export const masterName = personName(200);

/**
 * `POST /user/contact/department` (body or query): `{value, headUserId?}` adds a department (its head a staff member); with
 * `type: 'position'` and `departmentId` it adds a position (as `POST /user/contact/position` does).
 */
export const departmentCreateInput = z
  .object({ value: masterName, type: masterType, departmentId: id.optional(), headUserId: optionalId })
  .refine((b) => b.type !== 'position' || !!b.departmentId, { path: ['departmentId'], message: 'required for a position' });
/**
 * `PUT /user/contact/department` (body or query): renames the department (or, `type: 'position'`,
 * the position) `dataId`; a position may also move to another `departmentId` while nobody holds it. A department's
 * `headUserId` is set as sent, `''` or null taking the head away; absent, the head stays.
 */
export const departmentUpdateInput = z.object({
  dataId: id,
  value: masterName,
  type: masterType,
  departmentId: id.optional(),
  headUserId: optionalId,
});
/** `DELETE /user/contact/department` (body or query): deletes it, unless a person or a position still uses it (409). */
export const departmentDeleteInput = z.object({ dataId: id, type: masterType });
/** `POST /user/contact/position`: a new position of the department. */
export const positionCreateBody = z.object({ departmentId: id, value: masterName });

/** The reply of every department/position write: the row as the lists show it. */
export const masterWriteReply = z.object({ status: z.literal(200), data: z.union([department, position]) });

// ---- the DPO list -------------------------------------------------------------------------------
/** `GET /user/dpoList?currentPage&limit&search` (the seed sends none: the first MAX_PAGE_SIZE). */
export const dpoListQuery = masterListQuery;
/** `GET /user/dpoList`: the company's current DPO appointment (`_id` is the appointment's; contract/dpo.ts), none while nobody is appointed. */
export const dpoListReply = z.object({
  status: z.literal(200),
  dpo_list: z.array(z.object({ _id: z.string(), name: z.string() })),
  totalDoc: z.number().int(),
});
