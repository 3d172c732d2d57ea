import type { ComponentType } from 'react';
import type { DataProvider, RaRecord } from 'react-admin';
import type { MenuKey } from '../contract/menus';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Params<K extends keyof DataProvider> = Parameters<DataProvider[K]>[1];

/** One irregular call of the seed: where it goes, what it sends, how its reply becomes react-admin's. */
export interface ApiCall<P, R> {
  method: Method;
  path: (params: P) => string;
  query?: (params: P) => Record<string, string | number | boolean | undefined>;
  body?: (params: P) => unknown;
  reply: (body: Record<string, unknown>, params: P) => R;
}

/** The seed's calls a resource answers with, one per react-admin method it supports. */
export interface IrregularApi {
  getList?: ApiCall<Params<'getList'>, { data: RaRecord[]; total: number }>;
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
}

export interface ResourceViews {
  icon?: ComponentType;
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
  recordRepresentation?: string | ((record: RaRecord) => string);
}

export type ResourceUiDefinition = ResourceDefinition & ResourceViews;

/** A module's screens: one page mounted at `path` (its own tabs and sub-routes), behind its menu. */
export interface ModuleDefinition {
  /** a react-router pattern, e.g. `/risk-management/*` */
  path: string;
  menu: MenuKey;
  page: ComponentType;
}
