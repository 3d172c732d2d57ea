import type { ComponentType } from 'react';
import type { DataProvider, RaRecord } from 'react-admin';
import type { z } from 'zod';
import type { MenuKey } from '../contract/menus';
import type { LazyArea } from '../src/i18n/i18nProvider';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Params<K extends keyof DataProvider> = Parameters<DataProvider[K]>[1];

/** One irregular call of the seed: where it goes, what it sends, how its reply becomes react-admin's. */
export interface ApiCall<P, R> {
  method: Method;
  path: (params: P) => string;
  query?: (params: P) => Record<string, string | number | boolean | undefined>;
  body?: (params: P) => unknown;
  /** headers of this call alone (a query cached per language names its language) */
  headers?: (params: P) => Record<string, string>;
  reply: (body: Record<string, unknown>, params: P) => R;
}

/** A call whose reply is a file (a CSV, a report, evidence): the browser saves it under the server's name. */
export interface FileCall<P> {
  method: Method;
  path: (params: P) => string;
  query?: (params: P) => Record<string, string | number | boolean | undefined>;
  body?: (params: P) => unknown;
  /** the file's name when the reply names none */
  fileName: (params: P) => string;
}

/** A call that is not CRUD (publish, export, a state change): one named method of the data provider. */
// `never`: any call's own parameters fit here (each call declares its parameters and reply)
export type CustomCall = ApiCall<never, unknown> | FileCall<never>;

/** Declares a custom call: its parameters (the functions' annotations) and reply are kept in its type. */
export const apiCall = <P, R>(declaration: ApiCall<P, R>) => declaration;
export const fileCall = <P>(declaration: FileCall<P>) => declaration;

/** A call taking no parameters declares none (its `P` is left `unknown`, or `never` from the context). */
type NoParams<P> = unknown extends P ? true : [P] extends [never] ? true : false;
/** The data provider's method of one custom call: `(params) => reply`, or `() => reply` when it takes none. */
export type CallMethod<C> =
  C extends ApiCall<infer P, infer R>
    ? NoParams<P> extends true
      ? () => Promise<R>
      : (params: P) => Promise<R>
    : C extends FileCall<infer P>
      ? NoParams<P> extends true
        ? () => Promise<void>
        : (params: P) => Promise<void>
      : never;

/** The seed's calls a resource answers with, one per react-admin method it supports. */
export interface IrregularApi {
  /** a list the server counts replies `total`; one it does not (a log read by pages) replies `pageInfo` */
  getList?: ApiCall<
    Params<'getList'>,
    { data: RaRecord[]; total?: number; pageInfo?: { hasNextPage?: boolean; hasPreviousPage?: boolean }; meta?: Record<string, unknown> }
  >;
  getOne?: ApiCall<Params<'getOne'>, { data: RaRecord }>;
  create?: ApiCall<Params<'create'>, { data: RaRecord }>;
  update?: ApiCall<Params<'update'>, { data: RaRecord }>;
  delete?: ApiCall<Params<'delete'>, { data: RaRecord }>;
}

/**
 * What the server, the fake-api and the data provider need to know of a resource: plain data, no
 * React. The UI part (views, icon) is in the resource's `index.ts`.
 */
export interface ResourceDefinition {
  /** react-admin's resource name; the screens live under `/<name>` */
  name: string;
  /** the menu whose rights open it (the server enforces the same menu on its calls) */
  menu: MenuKey;
  /**
   * The seed's irregular calls, one per react-admin method; `rest: '/path'` answers every other
   * method by the regular REST convention (ra-data-simple-rest's) under /api/v1.
   */
  api: IrregularApi & { rest?: string };
  /**
   * The resource's calls that are not CRUD, each a method of the data provider under its name
   * (names are unique across resources: `dataProvider.publishConsentNotice({ formId })`).
   */
  calls?: Record<string, CustomCall>;
  /**
   * The list's shared extras it opts into: `import`, the resource's import routes' base
   * (`<import>/import/template`, `/import/preview`, `/import`, server/bulk/import.ts); `export`, the
   * route that answers the list's own query with an XLSX (server/bulk/export.ts).
   */
  bulk?: { import?: string; export?: string };
}

/** A definition's custom calls (its `calls`), for declaring them in `DefinedCalls`. */
export type CallsOf<D> = D extends { calls: infer C } ? C : never;

/**
 * Every resource's custom calls by name, with their declared types (the data provider's extra
 * methods). Each `definition.ts` that declares calls adds them here (declaration merging), so no
 * list of resources is kept by hand; two resources naming one call fail the type check.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- each definition.ts adds its calls
export interface DefinedCalls {}

/** How a field is shown in a list and entered in a form. */
export type FieldKind = 'text' | 'longText' | 'email' | 'number' | 'boolean' | 'date' | 'select' | 'reference';

/** One field of a resource: its rule (from `contract/`), its label, how it is drawn. */
export interface FieldDefinition {
  kind: FieldKind;
  /** i18n key of the form label (and of the column header, unless `column` names another) */
  label: string;
  /** i18n key of the column header when it differs from the label */
  column?: string;
  /** the contract's rule for the form's value; the server checks the same one */
  rule?: z.ZodType;
  /** `select`: the choices; `name` is an i18n key */
  choices?: readonly { id: string | number; name: string }[];
  /** `reference`: the resource whose records are the choices, and the field naming them */
  reference?: { resource: string; optionText: string; filter?: Record<string, unknown> };
  /** list: the column shows at most this many characters (graphemes); the whole text is its tooltip */
  truncate?: number;
  /** list: a cell that draws the field itself (it reads the row with `useRecordContext`) */
  cell?: ComponentType;
}

/** A generated list: which fields are columns, and the toasts' screen codes. */
export interface TableLayout {
  /** field names, in order; the row number comes first and the actions last */
  columns: readonly string[];
  /** the seed's search box (non-blank trimmed text, sent as `filter.search`) */
  search?: boolean;
  /** screen codes of the failure toasts: loading the list, saving, deleting */
  codes: { list: string; save: string; remove: string };
}

/** A generated add/edit form, shown in a modal as the seed's forms are. */
export interface FormLayout {
  /** rows of field names: a name alone fills its row, an array shares one row */
  rows: readonly (string | readonly string[])[];
  /** i18n key shown for a missing required value */
  requiredKey?: string;
  /** the modal cannot be closed by Esc or the backdrop (the seed's plan modal) */
  strictModal?: boolean;
}

/**
 * The texts of a generated list and form, under one i18n prefix: `<prefix>.add_title`,
 * `.edit_title`, `.add_success`, `.edit_success`; `addButton` names the add button's key.
 */
export interface ResourceTexts {
  prefix: string;
  addButton?: string;
  /** the text area (`i18n/<area>.ts`) the generated screen loads before it renders, when not the shell's */
  area?: LazyArea;
}

export interface ResourceViews {
  icon?: ComponentType;
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
  recordRepresentation?: string | ((record: RaRecord) => string);
  /** the fields the generated list and form use */
  fields?: Record<string, FieldDefinition>;
  /** a generated list (used when `list` names no view of its own) */
  table?: TableLayout;
  /** a generated add/edit form */
  form?: FormLayout;
  texts?: ResourceTexts;
}

export type ResourceUiDefinition = ResourceDefinition & ResourceViews;

/** A module's screens: one page mounted at `path` (its own tabs and sub-routes), behind its menu. */
export interface ModuleDefinition {
  /** a react-router pattern, e.g. `/risk-management/*` */
  path: string;
  menu: MenuKey;
  page: ComponentType;
  /** the text areas (`i18n/<area>.ts`) loaded with the page, before it renders */
  texts: LazyArea[];
}
