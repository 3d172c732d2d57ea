import { z } from 'zod';
import { jsonParam, restSort } from './http';
import { ALWAYS_GRANTED, MENUS, menuById } from './menus';

/** The menus a role may grant: every menu but those each signed-in user always has (15, 999). */
export const GRANTABLE_MENUS = MENUS.filter((m) => !ALWAYS_GRANTED.includes(m.menuId));
export const GRANTABLE_MENU_IDS: readonly number[] = GRANTABLE_MENUS.map((m) => m.menuId);

/** The built-in roles' keys (server/db/seed.ts BUILTIN_ROLES); a company's own roles have none. */
export const BUILTIN_ROLE_KEYS = ['admin', 'dpo', 'staff', 'viewer', 'contact'] as const;
export type BuiltinRoleKey = (typeof BUILTIN_ROLE_KEYS)[number];

/** One menu of a role: seeing it is granted (`view`), changing its records is `edit`. */
export const roleRight = z.object({
  menuId: z.literal([...GRANTABLE_MENU_IDS]),
  /** a right always includes viewing: a menu the role may not see is left out */
  view: z.literal(true),
  edit: z.boolean(),
});
export type RoleRight = z.infer<typeof roleRight>;

export const roleRights = z
  .array(roleRight)
  .max(GRANTABLE_MENU_IDS.length)
  .superRefine((rights, ctx) => {
    const granted = new Set<number>();
    for (const [index, right] of rights.entries()) {
      if (granted.has(right.menuId)) ctx.addIssue({ code: 'custom', path: [index, 'menuId'], input: right.menuId });
      granted.add(right.menuId);
    }
    // (no messages of their own: zod words "not valid" in the reader's language, naming the field)
    // a sub-menu opens only under its parent (the route guard checks both)
    for (const [index, right] of rights.entries()) {
      const parent = menuById(right.menuId)?.parentId ?? 0;
      if (parent && !granted.has(parent)) {
        ctx.addIssue({ code: 'custom', path: [index, 'menuId'], input: right.menuId });
      }
    }
  });

/** `POST /roles` and `PUT /roles/:id`: a company role's name and rights (all of them, replacing the old ones). */
export const roleBody = z.object({
  name: z.string().trim().min(1).max(100),
  rights: roleRights,
});
export type RoleBody = z.infer<typeof roleBody>;

export const roleParams = z.object({ id: z.string().uuid() });

/** `PUT /roles/:id/second-factor`: whether the role's holders must sign in with a second factor (built-in roles too). */
export const roleSecondFactorBody = z.object({ required: z.boolean() });

/**
 * The columns a role list may be sorted by. `created_dt` (and `id`, react-admin's default) is the
 * list's own order: the built-in roles in the seed's order, then the company's by creation.
 */
export const ROLE_SORT_FIELDS = ['name', 'userCount', 'created_dt', 'id'] as const;

/** `GET /roles?sort=["name","ASC"]&range=[0,19]&filter={"search":"..."}` (ra-data-simple-rest's convention). */
export const roleListQuery = z.object({
  sort: restSort(ROLE_SORT_FIELDS, ['created_dt', 'ASC']),
  range: jsonParam(
    z
      .tuple([z.number().int().min(0).max(1_000_000), z.number().int().min(0).max(1_000_100)])
      .refine(([from, to]) => to >= from && to - from < 100, { message: 'at most 100 rows' }),
  )
    .optional()
    .transform((r) => r ?? ([0, 19] as const)),
  /** the search box's text (blank: every role) */
  filter: jsonParam(z.object({ search: z.string().max(200).optional() }))
    .optional()
    .transform((f) => (f?.search && f.search.trim() ? f.search.trim() : undefined)),
});

export const role = z.object({
  id: z.string(),
  name: z.string(),
  /** the built-in role's key; null for the company's own roles */
  builtin: z.enum(BUILTIN_ROLE_KEYS).nullable(),
  /** in the catalogue's menu order */
  rights: z.array(roleRight),
  /** how many of the company's people hold it */
  userCount: z.number().int().min(0),
  /** its holders sign in with a second factor (an authenticator app), enrolling at their next sign-in */
  requireSecondFactor: z.boolean(),
  created_dt: z.string(),
});
export type Role = z.infer<typeof role>;

export const roleReply = z.object({ status: z.literal(200), data: role });
export const roleListReply = z.object({ status: z.literal(200), data: z.array(role), total: z.number().int().min(0) });

/** Rights in the catalogue's order, for replies and comparisons. */
export const sortRights = <T extends { menuId: number }>(rights: T[]): T[] =>
  rights.toSorted((a, b) => GRANTABLE_MENU_IDS.indexOf(a.menuId) - GRANTABLE_MENU_IDS.indexOf(b.menuId));
