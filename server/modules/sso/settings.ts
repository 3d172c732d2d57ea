import { MENU } from '../../../contract/menus';
import { SSO_CALLBACK_PATH, SSO_DEFAULT_CLAIM, ssoSettingsBody, ssoSettingsParams, ssoSettingsReply, type SsoSettings } from '../../../contract/sso';
import type { ServerConfig } from '../../config';
import type { Queryable } from '../../db/client';
import { ApiError, fieldError } from '../../http/errors';
import { route } from '../../http/route';
import type { ModuleContext } from '../../http/serverModule';
import { openPassword, sealPassword } from '../connectors/secret';
import { issuerRefusal, providerConfig } from './provider';

/** The SSO settings live under the settings (menu 13): reading needs the menu, saving its edit right. */
const read = { menuId: MENU.settings.menuId } as const;
const write = { ...read, write: true } as const;

export interface SsoRow {
  company_id: string;
  enabled: boolean;
  provider_name: string;
  issuer: string;
  client_id: string;
  client_secret_sealed: string;
  user_claim: string;
  allowed_domains: string[];
  create_role_id: string | null;
  password_signin_off: boolean;
  break_glass_user_id: string | null;
}

/** The address the provider sends the browser back to: the login page, which hands the answer to the API. */
export const redirectUriOf = (config: ServerConfig) => `${config.mail.appUrl}${SSO_CALLBACK_PATH}`;

export async function loadSsoRow(q: Queryable, companyId: string): Promise<SsoRow | undefined> {
  const [row] = await q.query<SsoRow>('select * from sso_settings where company_id = $1', [companyId]);
  return row;
}

/** The provider's secret, opened with the product's file key. */
export const clientSecretOf = (config: ServerConfig, row: SsoRow) => openPassword(config, row.client_secret_sealed);

/** The people who may keep the password: staff of the company, not disabled, whose role edits the settings. */
const ADMINISTRATORS = `select u.id, coalesce(nullif(trim(concat_ws(' ', u.firstname, u.lastname)), ''), u.username) || ' (' || u.username || ')' as name
   from users u join role_menus rm on rm.role_id = u.role_id and rm.menu_id = ${MENU.settings.menuId} and rm.can_edit
  where u.company_id = $1 and u.sub_id is null and not u.disabled`;

async function loadSettings(q: Queryable, config: ServerConfig, companyId: string): Promise<SsoSettings> {
  const [row, roles, administrators] = await Promise.all([
    loadSsoRow(q, companyId),
    q.query<{ id: string; name: string }>('select id, name from roles where company_id = $1 order by lower(name)', [companyId]),
    q.query<{ id: string; name: string }>(`${ADMINISTRATORS} order by 2`, [companyId]),
  ]);
  return { ...toSettings(config, row), choices: { roles, administrators } };
}

function toSettings(config: ServerConfig, row: SsoRow | undefined): Omit<SsoSettings, 'choices'> {
  return {
    id: 'current',
    enabled: row?.enabled ?? false,
    providerName: row?.provider_name ?? '',
    issuer: row?.issuer ?? '',
    clientId: row?.client_id ?? '',
    clientSecretSet: Boolean(row?.client_secret_sealed),
    userClaim: row?.user_claim ?? SSO_DEFAULT_CLAIM,
    allowedDomains: row?.allowed_domains ?? [],
    createRoleId: row?.create_role_id ?? null,
    passwordSigninOff: row?.password_signin_off ?? false,
    breakGlassUserId: row?.break_glass_user_id ?? null,
    redirectUri: redirectUriOf(config),
  };
}

/** `/sso-settings/current`: the company's one provider, read and saved by the REST convention (react-admin's getOne/update). */
export const settingsRoutes = ({ config }: ModuleContext) => [
  route({
    method: 'GET',
    url: '/sso-settings/:id',
    access: read,
    params: ssoSettingsParams,
    reply: ssoSettingsReply,
    handler: async ({ db, session }) => ({ data: await loadSettings(db, config, session.companyId) }),
  }),

  route({
    method: 'PUT',
    url: '/sso-settings/:id',
    access: write,
    params: ssoSettingsParams,
    body: ssoSettingsBody,
    reply: ssoSettingsReply,
    handler: async ({ db, session, body }) => {
      const companyId = session.companyId;
      const stored = await loadSsoRow(db, companyId);
      // the secret stored is another provider's or another client's once either changes: it is given again (or dropped with them)
      const issuerChanged = Boolean(stored) && stored!.issuer !== body.issuer;
      const clientChanged = issuerChanged || (Boolean(stored) && stored!.client_id !== body.clientId);
      if (!body.clientSecret && stored?.client_secret_sealed && ((issuerChanged && body.issuer) || (clientChanged && body.clientId))) {
        throw fieldError('clientSecret', 'sso_secret_required');
      }
      // a blank secret keeps the one stored: the browser never has it to send back
      const sealed = body.clientSecret ? sealPassword(config, body.clientSecret) : clientChanged ? '' : (stored?.client_secret_sealed ?? '');
      if (body.issuer) {
        const refusal = issuerRefusal(body.issuer, config.ssoAllowHttp);
        if (refusal) throw new ApiError(400, refusal);
      }
      if (body.enabled && (!body.issuer || !body.clientId || !sealed || !body.providerName)) throw new ApiError(400, 'sso_incomplete');
      if (body.passwordSigninOff && !body.enabled) throw new ApiError(400, 'sso_password_off_needs_sso');
      if (body.passwordSigninOff && !body.breakGlassUserId) throw new ApiError(400, 'sso_break_glass_required');
      if (body.createRoleId) {
        const [role] = await db.query('select 1 from roles where id = $1 and company_id = $2', [body.createRoleId, companyId]);
        if (!role) throw new ApiError(400, 'sso_role_unknown');
      }
      if (body.breakGlassUserId) {
        const [admin] = await db.query(`${ADMINISTRATORS} and u.id = $2`, [companyId, body.breakGlassUserId]);
        if (!admin) throw new ApiError(400, 'sso_break_glass_unknown');
      }
      // a provider switched on must answer its discovery document now, not at the first sign-in
      if (body.enabled) {
        await providerConfig({ issuer: body.issuer, clientId: body.clientId, clientSecret: openPassword(config, sealed) }, config.ssoAllowHttp).catch(
          (error: unknown) => {
            // a document naming an endpoint inside the network is said as such, on the administrator's save (400)
            if (error instanceof ApiError && error.msgKey === 'sso_endpoint_refused') throw new ApiError(400, error.msgKey, error.params);
            throw new ApiError(400, 'sso_discovery_failed', { issuer: body.issuer });
          },
        );
      }
      // people bound to the old provider's identities are matched by e-mail again at the new one (and bound to it)
      if (issuerChanged) await db.query('delete from sso_identities where company_id = $1', [companyId]);
      await db.query(
        `insert into sso_settings (company_id, enabled, provider_name, issuer, client_id, client_secret_sealed, user_claim,
                                   allowed_domains, create_role_id, password_signin_off, break_glass_user_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         on conflict (company_id) do update set enabled = excluded.enabled, provider_name = excluded.provider_name,
           issuer = excluded.issuer, client_id = excluded.client_id, client_secret_sealed = excluded.client_secret_sealed,
           user_claim = excluded.user_claim, allowed_domains = excluded.allowed_domains, create_role_id = excluded.create_role_id,
           password_signin_off = excluded.password_signin_off, break_glass_user_id = excluded.break_glass_user_id, updated_at = now()`,
        [
          companyId,
          body.enabled,
          body.providerName,
          body.issuer,
          body.clientId,
          sealed,
          body.userClaim,
          body.allowedDomains,
          body.createRoleId,
          body.passwordSigninOff,
          body.breakGlassUserId,
        ],
      );
      return { data: await loadSettings(db, config, companyId) };
    },
  }),
];

/**
 * Whether a password sign-in of this person is refused because the company signs in through its
 * provider (everyone but the break-glass administrator). Called by the password sign-in.
 */
export async function passwordSigninClosed(q: Queryable, user: { user_id: string; company_id: string }): Promise<boolean> {
  const [row] = await q.query<{ closed: boolean }>(
    `select enabled and password_signin_off and break_glass_user_id is distinct from $2 as closed
       from sso_settings where company_id = $1`,
    [user.company_id, user.user_id],
  );
  return row?.closed ?? false;
}

/** The password sign-in's one call: a 403 for a staff password where the company signs in through its provider. */
export async function refuseClosedPasswordSignin(q: Queryable, user: { user_id: string; company_id: string; sub_id: string | null }) {
  // contact users (processors' people) are not the company's staff: its provider does not know them
  if (!user.sub_id && (await passwordSigninClosed(q, user))) throw new ApiError(403, 'signin_sso_only');
}
