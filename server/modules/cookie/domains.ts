import { millisecondsInDay } from 'date-fns/constants';
import { z } from 'zod';
import {
  categoryKeys,
  categoryNames,
  COOKIE_SILENT_DAYS,
  cookieDomainBody,
  cookiePublishBody,
  cookieDomainParams,
  cookieDomainUpdateBody,
  cookieIdQuery,
  cookieSettings,
  cookieUndeclaredAssignBody,
  defaultCookieSettings,
  type CookieDomain,
  type CookieSettings,
  type CookieVersionRow,
} from '../../../contract/cookie';
import { MENU } from '../../../contract/menus';
import type { Queryable } from '../../db/client';
import { ApiError, notFound } from '../../http/errors';
import { route } from '../../http/route';
import { forgetDomain } from './public';
import { trackerOfName } from './scan/trackers';

const access = { menuId: MENU.cookie.menuId } as const;
const edit = { ...access, write: true } as const;

interface DomainRow {
  id: string;
  host: string;
  name: string;
  include_subdomains: boolean;
  draft: CookieSettings;
  created_at: Date | string;
  version: number | null;
  published_at: Date | string | null;
  published_settings: CookieSettings | null;
  undeclared: number;
  last_seen_at: Date | string | null;
}

const DOMAIN_SELECT = `select d.id, d.host, d.name, d.include_subdomains, d.draft, d.created_at, v.version, v.published_at,
    v.settings as published_settings,
    (select count(*)::int from cookie_undeclared u where u.domain_id = d.id) as undeclared,
    (select s.last_seen_at from cookie_banner_seen s where s.domain_id = d.id) as last_seen_at
  from cookie_domains d
  left join lateral (select version, published_at, settings from cookie_versions v where v.domain_id = d.id order by version desc limit 1) v on true`;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const toDomain = (r: DomainRow): CookieDomain => ({
  _id: r.id,
  host: r.host,
  name: r.name,
  includeSubdomains: r.include_subdomains,
  version: r.version ?? 0,
  publishedAt: r.published_at ? new Date(r.published_at).toISOString() : null,
  unpublished: !r.published_settings || !same(r.published_settings, r.draft),
  categories: categoryNames(r.published_settings, r.draft),
  undeclared: r.undeclared,
  created_dt: new Date(r.created_at).toISOString(),
  lastSeenAt: r.last_seen_at ? new Date(r.last_seen_at).toISOString() : null,
  silent: silentSince(r.version ? r.published_at : null, r.last_seen_at, Date.now()),
});

/**
 * Published, and not seen loading for COOKIE_SILENT_DAYS: since the last sighting or, when none, since the
 * latest publish (a banner published today is not yet silent).
 */
export function silentSince(publishedAt: Date | string | null, lastSeenAt: Date | string | null, now: number) {
  if (!publishedAt) return false;
  const since = lastSeenAt ?? publishedAt;
  return now - new Date(since).getTime() > COOKIE_SILENT_DAYS * millisecondsInDay;
}

async function oneDomain(q: Queryable, companyId: string, id: string) {
  const [row] = await q.query<DomainRow>(`${DOMAIN_SELECT} where d.company_id = $1 and d.id = $2`, [companyId, id]);
  if (!row) throw notFound();
  return row;
}

async function versionsOf(q: Queryable, companyId: string, domainId: string): Promise<CookieVersionRow[]> {
  const rows = await q.query<{ version: number; consent_version: number; published_at: Date | string; published_by: string }>(
    `select version, consent_version, published_at, published_by from cookie_versions
      where company_id = $1 and domain_id = $2 order by version desc limit 50`,
    [companyId, domainId],
  );
  return rows.map((r) => ({
    version: r.version,
    consentVersion: r.consent_version,
    publishedAt: new Date(r.published_at).toISOString(),
    publishedBy: r.published_by,
  }));
}

/**
 * Publishes a domain's draft as its next version; a change of the categories or their services asks every
 * visitor again, and so does `reaskAll` (the privacy policy changed).
 */
export async function publishDraft(q: Queryable, companyId: string, domainId: string, by: string, reaskAll = false) {
  const [d] = await q.query<{ draft: CookieSettings }>('select draft from cookie_domains where company_id = $1 and id = $2 for update', [
    companyId,
    domainId,
  ]);
  if (!d) throw notFound();
  const settings = cookieSettings.parse(d.draft);
  const [last] = await q.query<{ version: number; consent_version: number; settings: CookieSettings }>(
    'select version, consent_version, settings from cookie_versions where domain_id = $1 order by version desc limit 1',
    [domainId],
  );
  const version = (last?.version ?? 0) + 1;
  const reasks = !last || reaskAll || categoryKeys(last.settings) !== categoryKeys(settings);
  const consentVersion = reasks ? version : last.consent_version;
  await q.query(
    `insert into cookie_versions (domain_id, version, company_id, consent_version, settings, published_by) values ($1, $2, $3, $4, $5, $6)`,
    [domainId, version, companyId, consentVersion, JSON.stringify(settings), by],
  );
  q.afterCommit?.(() => forgetDomain(domainId));
  forgetDomain(domainId);
  return { version, consentVersion, reasks: reasks && !!last };
}

const hostTaken = (err: unknown) => (err as { code?: string }).code === '23505';

export const cookieDomainRoutes = [
  // the /cookieex example page (menu 999, every signed-in user): the company's first published domain
  route({
    method: 'GET',
    url: '/cookie/example',
    access: 'session',
    reply: z.object({ domain: z.unknown() }),
    handler: async ({ db, session }) => {
      const rows = await db.query<DomainRow>(
        `${DOMAIN_SELECT} where d.company_id = $1 and v.version is not null order by d.created_at, d.id limit 1`,
        [session.companyId],
      );
      return { domain: rows[0] ? { _id: rows[0].id, host: rows[0].host, version: rows[0].version } : null };
    },
  }),

  route({
    method: 'GET',
    url: '/cookie/domain/list',
    access,
    reply: z.object({ domainList: z.array(z.unknown()), totalItem: z.number() }),
    handler: async ({ db, session }) => {
      const rows = await db.query<DomainRow>(`${DOMAIN_SELECT} where d.company_id = $1 order by d.created_at, d.id`, [session.companyId]);
      return { domainList: rows.map(toDomain), totalItem: rows.length };
    },
  }),

  route({
    method: 'POST',
    url: '/cookie/domain',
    access: edit,
    body: cookieDomainBody,
    handler: async ({ db, session, body }) => {
      try {
        const [{ id }] = await db.tx((q) =>
          q.query<{ id: string }>(
            'insert into cookie_domains (company_id, host, include_subdomains, name, draft) values ($1, $2, $3, $4, $5) returning id',
            [session.companyId, body.host, body.includeSubdomains, body.name, JSON.stringify(defaultCookieSettings())],
          ),
        );
        return { data: toDomain(await oneDomain(db, session.companyId, id)) };
      } catch (err) {
        if (hostTaken(err)) throw new ApiError(409, 'cookie_domain_exists');
        throw err;
      }
    },
  }),

  route({
    method: 'PUT',
    url: '/cookie/domain',
    access: edit,
    body: cookieDomainUpdateBody,
    handler: async ({ db, session, body }) => {
      try {
        const rows = await db.tx((q) =>
          q.query<{ id: string }>(
            'update cookie_domains set host = $3, include_subdomains = $4, name = $5, updated_at = now() where company_id = $1 and id = $2 returning id',
            [session.companyId, body.dataId, body.host, body.includeSubdomains, body.name],
          ),
        );
        if (!rows.length) throw notFound();
        forgetDomain(body.dataId);
        return { data: toDomain(await oneDomain(db, session.companyId, body.dataId)) };
      } catch (err) {
        if (hostTaken(err)) throw new ApiError(409, 'cookie_domain_exists');
        throw err;
      }
    },
  }),

  route({
    method: 'DELETE',
    url: '/cookie/domain',
    access: edit,
    query: cookieIdQuery,
    handler: async ({ db, session, query }) => {
      const rows = await db.query('delete from cookie_domains where company_id = $1 and id = $2 returning id', [session.companyId, query.dataId]);
      if (!rows.length) throw notFound();
      forgetDomain(query.dataId);
      return {};
    },
  }),

  route({
    method: 'GET',
    url: '/cookie/setting/:cookieDomainId',
    access,
    params: cookieDomainParams,
    reply: z.object({ domain: z.unknown(), settings: z.unknown(), versions: z.array(z.unknown()) }),
    handler: async ({ db, session, params }) => {
      const row = await oneDomain(db, session.companyId, params.cookieDomainId);
      return { domain: toDomain(row), settings: row.draft, versions: await versionsOf(db, session.companyId, row.id) };
    },
  }),

  route({
    method: 'PUT',
    url: '/cookie/setting/:cookieDomainId',
    access: edit,
    params: cookieDomainParams,
    body: z.object({ settings: cookieSettings }),
    handler: async ({ db, session, params, body }) => {
      const rows = await db.query('update cookie_domains set draft = $3, updated_at = now() where company_id = $1 and id = $2 returning id', [
        session.companyId,
        params.cookieDomainId,
        JSON.stringify(body.settings),
      ]);
      if (!rows.length) throw notFound();
      const row = await oneDomain(db, session.companyId, params.cookieDomainId);
      return { domain: toDomain(row), settings: row.draft, versions: await versionsOf(db, session.companyId, row.id) };
    },
  }),

  route({
    method: 'POST',
    url: '/cookie/setting/:cookieDomainId/publish',
    access: edit,
    params: cookieDomainParams,
    body: cookiePublishBody,
    handler: async ({ db, session, params, body }) => {
      const published = await publishDraft(db, session.companyId, params.cookieDomainId, session.user.username, body.reaskAll);
      const row = await oneDomain(db, session.companyId, params.cookieDomainId);
      return { ...published, domain: toDomain(row), versions: await versionsOf(db, session.companyId, row.id) };
    },
  }),

  // sorts an undeclared cookie into a category of the draft (published with the next version)
  route({
    method: 'POST',
    url: '/cookie/undeclared/assign',
    access: edit,
    body: cookieUndeclaredAssignBody,
    handler: async ({ db, session, body }) => {
      const [d] = await db.query<{ draft: CookieSettings }>('select draft from cookie_domains where company_id = $1 and id = $2 for update', [
        session.companyId,
        body.domainId,
      ]);
      if (!d) throw notFound();
      const category = d.draft.categories.find((c) => c.key === body.category);
      if (!category) throw new ApiError(400, 'cookie_category_unknown');
      // a cookie of a service the scanner knows comes with its provider and purpose, for staff to check
      const known = trackerOfName(body.name);
      if (!category.cookies.some((c) => c.name === body.name))
        category.cookies.push({
          name: body.name,
          provider: known?.provider ?? '',
          purpose: known?.purpose.th ?? '',
          duration: '',
          purposeEn: known?.purpose.en ?? '',
          durationEn: '',
          party: 'first',
        });
      const draft = cookieSettings.parse(d.draft);
      await db.query('update cookie_domains set draft = $3, updated_at = now() where company_id = $1 and id = $2', [
        session.companyId,
        body.domainId,
        JSON.stringify(draft),
      ]);
      await db.query('delete from cookie_undeclared where company_id = $1 and domain_id = $2 and name = $3', [
        session.companyId,
        body.domainId,
        body.name,
      ]);
      return {};
    },
  }),
];
