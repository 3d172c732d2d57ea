import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants';
import { jsonParam, restSort } from './http';
import type { MenuKey } from './menus';

/**
 * A simple register: a company's list of named things with a few typed fields (data categories,
 * processors, …). ONE declaration gives the server its REST routes (`/api/v1/<name>`: list with
 * paging, sort and search, get, create, update, delete; scoped to the session's company; the menu's
 * rights; the audit trail; these rules), the UI its tab, list, form and typed delete, and the
 * fake-api its collection. A register is plain data and zod: server, UI and fake all read it.
 */
export type RegisterFieldKind = 'text' | 'longText' | 'email' | 'boolean' | 'date' | 'select';

export interface RegisterField {
  kind: RegisterFieldKind;
  /** the value's rule: the form checks it, the server checks it again */
  rule: z.ZodType;
  /** the search box looks in this field */
  search?: boolean;
  /** `select`: the allowed values; each is shown by its text `<texts>.<field>_<value>` */
  choices?: readonly string[];
  /** a required field of the form (the rest may stay empty) */
  required?: boolean;
}

export interface RegisterDeclaration<F extends Record<string, RegisterField> = Record<string, RegisterField>> {
  /** the REST path under /api/v1 and react-admin's resource name (kebab-case); the table is its snake_case */
  name: string;
  /** whose rights open it: reading needs the menu, changing needs its edit right */
  menu: MenuKey;
  fields: F;
  /** the list's columns, in order (the row number first and the actions last are added) */
  columns: readonly (keyof F & string)[];
  /** the text area (`i18n/<area>.ts`) and the prefix of its texts: `<prefix>.name`, `.add`, `.<field>`… */
  texts: { area: string; prefix: string };
  /** screen codes of the failure toasts */
  codes: { list: string; save: string; remove: string };
}

/** Checks a declaration against its own fields (a column must be a field), then lists it with the others. */
export const register = <F extends Record<string, RegisterField>>(declaration: RegisterDeclaration<F>) =>
  declaration as unknown as RegisterDeclaration;

/** The table behind a register: `data-categories` -> `data_categories`. */
export const registerTable = (r: Pick<RegisterDeclaration, 'name'>) => r.name.replace(/-/g, '_');
/** A field's column: `contractDate` -> `contract_date`. */
export const registerColumn = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Text with no control characters, trimmed: the rule most register fields start from. */
export const registerText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((s) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(s), { message: 'server.control_chars' });

/** What `POST /<name>` and `PUT /<name>/:id` take: every field by its rule (`id` and dates are the server's). */
export const registerBody = (r: RegisterDeclaration) =>
  z.object(Object.fromEntries(Object.entries(r.fields).map(([key, field]) => [key, field.rule]))).strict();

/** One record as every reply carries it. */
export const registerRecord = (r: RegisterDeclaration) =>
  z.object({
    id: z.string(),
    ...Object.fromEntries(Object.entries(r.fields).map(([key, field]) => [key, field.rule])),
    created_dt: z.string(),
    updated_dt: z.string(),
  });

export const registerParams = z.object({ id: z.uuid() });

/** The columns a list may be sorted by: its fields and the dates. */
export const registerSortFields = (r: RegisterDeclaration) => [...Object.keys(r.fields), 'created_dt', 'updated_dt', 'id'];

/** `GET /<name>?sort=["name","ASC"]&range=[0,19]&filter={"search":"…"}` (ra-data-simple-rest's convention). */
export const registerListQuery = (r: RegisterDeclaration) => {
  const sortable = registerSortFields(r) as [string, ...string[]];
  return z.object({
    sort: restSort(sortable, ['created_dt', 'DESC']),
    range: jsonParam(
      z
        .tuple([
          z.number().int().min(0).max(1_000_000),
          z
            .number()
            .int()
            .min(0)
            .max(1_000_000 + MAX_PAGE_SIZE),
        ])
        .refine(([from, to]) => to >= from && to - from < MAX_PAGE_SIZE, { message: `at most ${MAX_PAGE_SIZE} rows` }),
    )
      .optional()
      .transform((range) => range ?? ([0, 19] as const)),
    filter: jsonParam(z.object({ search: z.string().max(200).optional() }))
      .optional()
      .transform((f) => (f?.search && f.search.trim() ? f.search.trim() : undefined)),
  });
};

/** `GET /<name>`'s reply: one page and the total (also in `Content-Range`). */
export const registerListReply = (r: RegisterDeclaration) => z.object({ data: z.array(registerRecord(r)), total: z.number().int() });
