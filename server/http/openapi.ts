import { z } from 'zod';
import { API_BASE, failureSchema } from '../../contract/http';
import { menuById } from '../../contract/menus';
import { isKeyAccess, type Access, type RouteSpec } from './route';

/** One module's routes, named: the name is the routes' tag in the OpenAPI document. */
export interface RouteModule {
  name: string;
  /** what the module is about, shown under its tag */
  description: string;
  routes: RouteSpec[];
}

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, unknown>;
    schemas: Record<string, JsonSchema>;
    responses: Record<string, unknown>;
  };
}

const BEARER = 'bearer';

/** The failures an operation lists by itself; any other comes under `default`. */
const FAILURE_MEANING = {
  400: "Bad input: the message names the refused field, in the reader's language (Accept-Language).",
  401: 'No session, or the session has ended: sign in again.',
  403: 'The role lacks the menu of this call, or its edit right.',
} as const;

/** The other failures a call may give (FAILURE_STATUSES of contract/http.ts). */
const OTHER_FAILURES =
  "Any other failure: 404 no such record in the session's company, 409 a conflict with the data, " +
  '413 a body too large, 415 a body of a type the call does not take, 429 too many calls (wait); ' +
  'a 5xx is a server fault.';

/**
 * A zod schema as JSON Schema 2020-12, the dialect of OpenAPI 3.1. Requests are described as the
 * caller sends them (`input`: before defaults and transforms), replies as the server sends them.
 * Definitions zod hoists (recursive shapes) move to `components.schemas`, where a `$ref` of an
 * OpenAPI document can reach them.
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output', components: Record<string, JsonSchema>, name: string): JsonSchema {
  const {
    $schema: _dialect,
    $defs,
    ...rest
  } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    // a value JSON cannot show (a Date, a transform's result) is described as "any value"
    unrepresentable: 'any',
    // zod closes every object of an output; the server sends its replies as they are, not parsed, so
    // only an object the contract makes strict is closed in the description
    override: ({ zodSchema, jsonSchema }) => {
      const def = zodSchema._zod.def;
      if (def.type === 'object' && !def.catchall) delete jsonSchema.additionalProperties;
    },
  }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  if (!$defs) return rest;
  const renamed = new Map(Object.keys($defs).map((key) => [key, `${name}_${key}`]));
  const relink = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(relink);
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) =>
        key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/')
          ? [key, `#/components/schemas/${renamed.get(inner.slice('#/$defs/'.length))}`]
          : [key, relink(inner)],
      ),
    );
  };
  for (const [key, def] of Object.entries($defs)) components[renamed.get(key)!] = relink(def) as JsonSchema;
  return relink(rest) as JsonSchema;
}

/**
 * Fastify's path syntax as OpenAPI paths: `:id` becomes `{id}`, a pattern `:id(\\d+)` is kept as the
 * parameter's pattern, and an optional last parameter `:id?` makes two paths, as Fastify registers two
 * routes for it.
 */
export function openApiPaths(url: string): { path: string; params: { name: string; pattern?: string }[] }[] {
  if (url.includes('*')) throw new Error(`${url}: a wildcard route cannot be described`);
  const params: { name: string; pattern?: string }[] = [];
  let optional = false;
  const path = url.replace(/:(\w+)(?:\(([^)]*)\))?(\?)?/g, (_all, name: string, pattern?: string, question?: string) => {
    params.push(pattern ? { name, pattern } : { name });
    if (question) optional = true;
    return `{${name}}`;
  });
  if (!optional) return [{ path, params }];
  const shorter = path.replace(/\/?\{\w+\}$/, '') || '/';
  return [
    { path: shorter, params: params.slice(0, -1) },
    { path, params },
  ];
}

/** The properties of an object schema (of each branch, when it is a union), and which are required. */
function propertiesOf(schema: JsonSchema): { name: string; schema: JsonSchema; required: boolean }[] {
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (branches) {
    // a union: a property is only required when every branch asks for it
    const all = branches.map(propertiesOf);
    const seen = new Map<string, { name: string; schema: JsonSchema; required: boolean }>();
    for (const props of all) for (const p of props) if (!seen.has(p.name)) seen.set(p.name, p);
    return [...seen.values()].map((p) => ({
      ...p,
      required: all.every((props) => props.some((q) => q.name === p.name && q.required)),
    }));
  }
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, inner]) => ({ name, schema: inner, required: required.has(name) }));
}

/** Who may call: the `x-access` extension, a short summary and the sentence that says it. */
function describeAccess(access: Access): { extension: unknown; summary: string; sentence: string } {
  if (access === 'public') return { extension: 'public', summary: 'public', sentence: 'Access: public, no sign-in.' };
  if (access === 'session') {
    return { extension: 'session', summary: 'signed in', sentence: 'Access: any signed-in user (bearer token).' };
  }
  if (isKeyAccess(access)) {
    return {
      extension: { apiScope: access.apiScope },
      summary: `API key, ${access.apiScope}`,
      sentence: `Access: a company API key with the scope \`${access.apiScope}\` (\`Authorization: Bearer pdpa_live_…\`), within the key's calls per minute (429 past it).`,
    };
  }
  const menu = menuById(access.menuId);
  const named = menu ? `menu ${access.menuId} (${menu.key})` : `menu ${access.menuId}`;
  return {
    extension: { menuId: access.menuId, write: Boolean(access.write) },
    summary: `${named}, ${access.write ? 'edit' : 'view'}`,
    sentence: `Access: a role with ${named}${access.write ? ', with the edit right' : ' (view is enough)'}; bearer token.`,
  };
}

const operationId = (method: string, path: string) =>
  method.toLowerCase() +
  path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('');

function operation(
  spec: RouteSpec,
  tag: string,
  path: string,
  pathParams: { name: string; pattern?: string }[],
  schemas: Record<string, JsonSchema>,
): Operation {
  const id = operationId(spec.method, path);
  const access = describeAccess(spec.access);
  const parameters: unknown[] = [];

  const declared = spec.params ? propertiesOf(jsonSchema(spec.params, 'input', schemas, id)) : [];
  for (const param of pathParams) {
    const schema = declared.find((d) => d.name === param.name)?.schema ?? { type: 'string' };
    parameters.push({ name: param.name, in: 'path', required: true, schema: param.pattern ? { ...schema, pattern: `^${param.pattern}$` } : schema });
  }
  if (spec.query) {
    for (const p of propertiesOf(jsonSchema(spec.query, 'input', schemas, id))) {
      parameters.push({ name: p.name, in: 'query', required: p.required, schema: p.schema });
    }
  }

  const body = spec.body ?? spec.describedBody;
  let requestBody: unknown;
  if (body) {
    const schema = jsonSchema(body, 'input', schemas, id);
    const mediaType = spec.multipart ? 'multipart/form-data' : 'application/json';
    requestBody = {
      required: Array.isArray(schema.required) && schema.required.length > 0,
      content: { [mediaType]: { schema } },
    };
  }

  const failures: Record<string, unknown> = {};
  if (body || spec.query || spec.params) failures['400'] = { $ref: '#/components/responses/Failure400' };
  if (spec.access !== 'public') failures['401'] = { $ref: '#/components/responses/Failure401' };
  if (typeof spec.access === 'object') failures['403'] = { $ref: '#/components/responses/Failure403' };

  return {
    operationId: id,
    tags: [tag],
    summary: access.summary,
    description: access.sentence,
    'x-access': access.extension,
    security: spec.access === 'public' ? [] : [{ [BEARER]: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: {
      '200': spec.reply
        ? {
            description: 'The reply; `status: 200` repeats the HTTP status.',
            content: { 'application/json': { schema: jsonSchema(spec.reply, 'output', schemas, `${id}Reply`) } },
          }
        : { description: 'Success. The contract (contract/) declares no reply shape for this call.' },
      ...failures,
      default: { $ref: '#/components/responses/Failure' },
    },
  };
}

/**
 * The OpenAPI 3.1 document of the API, made from the route declarations themselves: what a route
 * declares (access, query, body, params, reply) is what the document says, so it cannot drift.
 */
export function openApiDocument(modules: RouteModule[], version: string): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = {
    Failure: jsonSchema(failureSchema, 'output', {}, 'Failure'),
  };
  const paths: OpenApiDocument['paths'] = {};
  for (const module of modules) {
    for (const spec of module.routes) {
      for (const { path, params } of openApiPaths(spec.url)) {
        const method = spec.method.toLowerCase();
        const item = (paths[path] ??= {});
        if (item[method]) throw new Error(`${spec.method} ${path} is declared twice`);
        item[method] = operation(spec, module.name, path, params, schemas);
      }
    }
  }
  const failure = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } },
  });
  return {
    openapi: '3.1.0',
    info: {
      title: 'PDPA Back Office API',
      version,
      description:
        'The API of the PDPA back office, generated from its route declarations. Sign in with ' +
        '`POST /user/signin/{timestamp}` and send the token as `Authorization: Bearer <token>`. Each ' +
        'operation says who may call it (`x-access`: `public`, `session`, or `{ menuId, write }`). Every ' +
        "failure is `{ status, msg }`: the HTTP status repeated, and a message in the reader's language " +
        '(`Accept-Language`: th or en).',
    },
    servers: [{ url: API_BASE }],
    tags: modules.map((m) => ({ name: m.name, description: m.description })),
    paths,
    components: {
      securitySchemes: { [BEARER]: { type: 'http', scheme: 'bearer', description: 'The token of `POST /user/signin/{timestamp}`.' } },
      schemas,
      responses: {
        Failure: failure(OTHER_FAILURES),
        ...Object.fromEntries(Object.entries(FAILURE_MEANING).map(([status, meaning]) => [`Failure${status}`, failure(meaning)])),
      },
    },
  };
}
