/**
 * The fake's route table, derived: every call the resource definitions name (the react-admin verbs of
 * `api`, `api.rest` by the REST convention, the custom `calls`) and every register declaration, with the
 * menu that opens it. This is the one file of the fake that imports the definitions.
 */
import { MENU } from '../contract/menus';
import { definitionsFromFolder } from '../resources/definitionsFromFolder';

/** The resources, found as the UI finds them (every `definition.ts` under resources/, read under Node). */
const RESOURCE_DEFINITIONS = await definitionsFromFolder();

export type Verb = 'list' | 'one' | 'create' | 'update' | 'delete' | 'call';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Fields = Record<string, unknown>;

export interface Endpoint {
  resource: string;
  /** the react-admin verb, or the custom call's name */
  name: string;
  verb: Verb;
  method: Method;
  /** Express's pattern: `/databreach/:id/assessment` */
  pattern: string;
  menuId: number;
  /** a reply that is a file (CSV, PDF, XLSX) */
  file: boolean;
  /** what the call sends whatever its parameters (`type: 1` of the risk events): tells calls on one path apart */
  fixedQuery: Fields;
  fixedBody: Fields;
  /** where the record's id travels, when it does not travel in the path */
  idIn?: { in: 'query' | 'body'; key: string };
  /** the query a read sends for the first page of a hundred (the recorder's) */
  firstPage: Fields;
  /** query keys whose value is a parameter: key -> the parameter's field (`formId`) */
  queryMarks: Record<string, string>;
  /** body keys whose value is a field of the record: key -> the field (`riskMasterData` -> `name`) */
  bodyMarks: Record<string, string>;
  /** the keys of its reply the definition reads (`[]`: the reply carries nothing it needs) */
  replyReads?: string[];
}

interface Declared {
  method: Method;
  path: (p: never) => string;
  query?: (p: never) => Fields;
  body?: (p: never) => unknown;
  reply?: (body: never, p: never) => unknown;
  fileName?: unknown;
}

const MARK = /__([A-Za-z]\w*?)__/g;
const probes = new WeakSet<object>();
/** A parameter of any shape: reading any field gives another; as text it is `__<field>__`. */
function probe(name: string, known: Fields = {}): unknown {
  const p: object = new Proxy(() => undefined, {
    get: (_t, key) =>
      key === Symbol.toPrimitive || key === 'toString'
        ? () => `__${name}__`
        : typeof key === 'symbol'
          ? undefined
          : key in known
            ? known[key]
            : probe(String(key), known),
  });
  probes.add(p);
  return p;
}
const isProbe = (v: unknown) => (typeof v === 'object' || typeof v === 'function') && v !== null && probes.has(v);

/** The values a call always sends (probes dropped), and the key that carries the probed `id`. */
function split(values: unknown): { fixed: Fields; idKey?: string; marks: Record<string, string> } {
  const fixed: Fields = {};
  const marks: Record<string, string> = {};
  let idKey: string | undefined;
  if (!values || typeof values !== 'object' || isProbe(values)) return { fixed, marks };
  for (const [key, value] of Object.entries(values)) {
    if (isProbe(value) || (typeof value === 'string' && /^__\w+__$/.test(value))) {
      marks[key] = String(value).replace(/^__|__$/g, '');
      if (/^(id|_id)$/.test(marks[key])) idKey = key;
    } else if (value !== undefined && (typeof value !== 'object' || value === null)) fixed[key] = value;
  }
  return { fixed, idKey, marks };
}

function endpoint(resource: string, menuId: number, name: string, verb: Verb, call: Declared): Endpoint | undefined {
  const params = probe('p') as never;
  let path: string;
  try {
    path = call.path(params);
  } catch {
    return undefined; // a call whose path is a whole URL of another site (a certificate's check)
  }
  const attempt = (f?: (p: never) => unknown) => {
    try {
      return f?.(params);
    } catch {
      return undefined; // a body of files (multipart)
    }
  };
  const query = split(attempt(call.query));
  const body = split(attempt(call.body));
  const idKey = query.idKey ?? body.idKey;
  // the reply's keys the definition reads, told by a reply that logs them
  const reads = new Set<string>();
  const reply = new Proxy({}, { get: (_t, key) => (typeof key === 'string' && reads.add(key), probe(String(key))) });
  attempt((p) => call.reply?.(reply as never, p));
  const firstPage = split(
    attempt(() =>
      call.query?.(probe('p', { page: 1, perPage: 100, currentPage: 1, limit: 100, pageSize: 100, filter: {}, sort: undefined }) as never),
    ),
  ).fixed;
  return {
    resource,
    name,
    verb,
    method: call.method,
    pattern: path.replace(MARK, (_m, key: string) => `:${key}`),
    menuId,
    file: call.fileName !== undefined,
    fixedQuery: query.fixed,
    fixedBody: body.fixed,
    idIn: idKey ? { in: query.idKey ? 'query' : 'body', key: idKey } : undefined,
    firstPage,
    queryMarks: query.marks,
    bodyMarks: body.marks,
    ...(call.reply ? { replyReads: [...reads] } : {}),
  };
}

/** The REST convention (ra-data-simple-rest's) under `base`. */
const rest = (resource: string, menuId: number, base: string): Endpoint[] =>
  (
    [
      ['list', 'GET', base],
      ['one', 'GET', `${base}/:id`],
      ['create', 'POST', base],
      ['update', 'PUT', `${base}/:id`],
      ['delete', 'DELETE', `${base}/:id`],
    ] as const
  ).map(([verb, method, pattern]) => ({
    resource,
    name: verb,
    verb,
    method,
    pattern,
    menuId,
    file: false,
    fixedQuery: {},
    fixedBody: {},
    firstPage: verb === 'list' ? { range: '[0,99]' } : {},
    queryMarks: {},
    bodyMarks: {},
  }));

const VERBS = { getList: 'list', getOne: 'one', create: 'create', update: 'update', delete: 'delete' } as const;

/** Every call of every resource (the registers are resources too), irregular verbs before the REST ones. */
export const ENDPOINTS: Endpoint[] = RESOURCE_DEFINITIONS.flatMap((d) => {
  const menuId = MENU[d.menu].menuId;
  const { rest: base, ...verbs } = d.api;
  const own = Object.entries(verbs).map(([key, call]) => endpoint(d.name, menuId, key, VERBS[key as keyof typeof VERBS], call as Declared));
  const calls = Object.entries(d.calls ?? {}).map(([key, call]) => endpoint(d.name, menuId, key, 'call', call as Declared));
  const regular = base ? rest(d.name, menuId, base).filter((e) => !own.some((o) => o?.verb === e.verb)) : [];
  return [...own, ...calls, ...regular].filter((e): e is Endpoint => !!e);
});

/** The resources of the simple registers (contract/registers/), each with its declaration's name. */
export { REGISTERS } from '../contract/registers';
