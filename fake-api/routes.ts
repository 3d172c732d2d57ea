/**
 * What every part of the fake shares: its in-memory data, the caller's session, and routes that
 * answer like the server's (`{status, msg}` failures, schema validation worded in the reader's
 * language).
 */
import type { Request, Response } from 'json-server';
import { z } from 'zod';
import type { EvaluationItem, MatrixCells, RiskCategory, RiskCode } from '../contract/risk';
import type { Lang, MessageParams, ServerMessageKey } from '../server/http/messages';
import type { FakeAudit } from './audit';

export interface FakeUser {
  id: string;
  companyId: string;
  username: string;
  password: string;
  firstname: string;
  lastname: string;
  email: string;
  subId?: string;
  roleId: string;
  disabled: boolean;
  /** false until a self-registered administrator opens the verification link; absent: verified */
  emailVerified?: boolean;
  /** people (fake-api/people.ts): the person's department and position; absent: none */
  departmentId?: string | null;
  positionId?: string | null;
  /** absent for the fixtures: they count as created before anyone else */
  createdAt?: string;
}

/** A department of a company (fake-api/people.ts). */
export interface FakeDepartment {
  id: string;
  companyId: string;
  name: string;
  createdAt: string;
}

/** A position of a department (fake-api/people.ts). */
export interface FakePosition {
  id: string;
  companyId: string;
  departmentId: string;
  name: string;
  createdAt: string;
}

export interface FakeNotification {
  id: string;
  companyId: string;
  /** null: for everyone in the company */
  userId: string | null;
  kind: string;
  params: Record<string, string | number>;
  link: string | null;
  /** the fixtures' age; `createdAt` is computed from it at start */
  hoursAgo: number;
  createdAt: string;
}

/** A risk event (type 1) or plan (type 2). */
export interface FakeRisk {
  id: string;
  companyId: string;
  type: 1 | 2;
  name: string;
  confidentiality: boolean;
  integrity: boolean;
  availability: boolean;
  /** the treatment plan written for an event (RTP); null: none yet */
  handleRisk: string | null;
  hoursAgo: number;
  createdAt: string;
}

export interface FakeEvaluationItem {
  riskId: string;
  ratings: EvaluationItem['ratings'];
  owner: string | null;
  treatment: EvaluationItem['treatment'] | null;
  planId: string | null;
  planText: string | null;
  dueDate: string | null;
  residualLikelihood: number | null;
  residualImpact: number | null;
  /** from the company's matrix when saved (computed at start for the fixtures) */
  code: RiskCode | null;
  residualCode: RiskCode | null;
}

export interface FakeEvaluation {
  id: string;
  companyId: string;
  name: string;
  status: 'draft' | 'completed';
  items: FakeEvaluationItem[];
  hoursAgo: number;
  createdAt: string;
  updatedAt: string;
}

export interface FakeData {
  companies: { id: string; code: string; detail: Record<string, unknown>; logo: string | null }[];
  roles: FakeRole[];
  users: FakeUser[];
  notifications: FakeNotification[];
  notificationReads: { id: string; notificationId: string; userId: string }[];
  riskMaster: FakeRisk[];
  /** saved level names; the defaults of the reader's language stand in for the others */
  riskLevels: { id: string; companyId: string; category: RiskCategory; level: number; name: string }[];
  /** saved matrices (`id` is the company's); DEFAULT_MATRIX stands in for the others */
  riskMatrices: { id: string; cells: MatrixCells }[];
  riskEvaluations: FakeEvaluation[];
  /** the audit trail: sign-ins, failed sign-ins and exports (fake-api/audit.ts) */
  auditLog: FakeAudit[];
  /** people (fake-api/people.ts) */
  departments: FakeDepartment[];
  positions: FakePosition[];
}

/**
 * A role. The built-in ones (db.json) are shared by every company, their `id` is their key
 * (`admin`, `viewer`...) and `edit` applies to all their menus; a company's own roles
 * (fake-api/roles.ts) carry `companyId`, and `editMenus` names the menus they may change.
 */
export interface FakeRole {
  id: string;
  name: string;
  edit: boolean;
  menus: number[];
  companyId?: string;
  editMenus?: number[];
  createdAt?: string;
}

export interface Session {
  token: string;
  user: FakeUser;
  menus: Set<number>;
  /** menu id -> the role may change its records (the server's `session.menus`) */
  rights: Map<number, boolean>;
}

/** A failure the caller sees as `{status, msg}` (or as `body` when a call has its own failure shape). */
export class Failure extends Error {
  constructor(
    readonly status: number,
    readonly key: ServerMessageKey,
    readonly params: MessageParams = {},
    readonly body?: Record<string, unknown>,
  ) {
    super(key);
  }
}

export const langOf = (req: Request): Lang =>
  String(req.headers['accept-language'] ?? '').toLowerCase().startsWith('en') ? 'en' : 'th';

/** Validates like the server: the first issue becomes `invalid_field`, worded in the reader's language. */
export function parse<T>(schema: z.ZodType<T> | undefined, value: unknown, lang: Lang): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value ?? {}, { error: (lang === 'en' ? z.locales.en() : z.locales.th()).localeError });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new Failure(400, 'invalid_field', { field: issue.path.length ? issue.path.join('.') : '-', reason: issue.message });
}

/** Who may call: anyone, any signed-in user, or a role with that menu (`write`: and the edit right). */
export type Access = 'public' | 'session' | { menuId: number; write?: boolean };

export interface Call<Q, B, P> {
  req: Request;
  res: Response;
  lang: Lang;
  query: Q;
  body: B;
  params: P;
  /** present on every route but the public ones */
  session: Session;
}

export interface FakeRoute<Q, B, P> {
  method: 'get' | 'post' | 'put' | 'delete';
  url: string;
  access: Access;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  params?: z.ZodType<P>;
  /** the reply's fields (`status: 200` is added), or undefined when it sent the reply itself (files) */
  handler(call: Call<Q, B, P>): Record<string, unknown> | undefined | Promise<Record<string, unknown> | undefined>;
}
export const route = <Q, B, P>(r: FakeRoute<Q, B, P>) => r as FakeRoute<unknown, unknown, unknown>;

let lastTime = 0;
/** The fake's `now()`: an ISO instant, strictly later than the previous one (lists sort by it). */
export function now(): string {
  lastTime = Math.max(Date.now(), lastTime + 1);
  return new Date(lastTime).toISOString();
}
