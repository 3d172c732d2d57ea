import type { MenuItem, Passkey } from '../contract/auth';
import type { MenuFigure } from '../contract/dashboard';
import type { OwnSession } from '../contract/sessions';
import { callApi } from './http';

/** The application shell's calls, which belong to no resource: the signed-in person's menu. */
export const shellCalls = {
  /** `GET /user/menu`: the menu as the server builds it from the role, in `locale` */
  userMenu: ({ locale }: { locale: string }) =>
    // the language is named here: the API client learns a new locale only after the menu's query runs
    callApi<{ menu: MenuItem[] }>('/user/menu', { headers: { 'Accept-Language': locale } }).then((reply) => reply.menu),
  /** `GET /user/sessions`: one's own open sessions (devices), the current one marked */
  ownSessions: () => callApi<{ data: OwnSession[] }>('/user/sessions').then((reply) => reply.data),
  /** `DELETE /user/sessions/:id`: ends one of one's own sessions */
  endOwnSession: (id: string) => callApi(`/user/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  /** `POST /user/sessions/revoke-all`: signs out everywhere (`keepCurrent`: but here) */
  signOutEverywhere: (keepCurrent: boolean) => callApi<{ revoked: number }>('/user/sessions/revoke-all', { method: 'POST', body: { keepCurrent } }),
  /** `GET /user/passkeys`: one's own passkeys (a second factor at sign-in) */
  ownPasskeys: () => callApi<{ data: Passkey[] }>('/user/passkeys').then((reply) => reply.data),
  /** `POST /user/passkeys/options`: what the browser's `navigator.credentials.create` is asked */
  passkeyOptions: () => callApi<{ options: Record<string, unknown> }>('/user/passkeys/options', { method: 'POST' }).then((reply) => reply.options),
  /** `POST /user/passkeys`: the browser's new passkey, with the name the person gave it */
  addPasskey: (body: { name: string; response: unknown }) => callApi<{ data: Passkey[] }>('/user/passkeys', { method: 'POST', body }),
  /** `DELETE /user/passkeys/:id` */
  removePasskey: (id: string) => callApi(`/user/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  /** `GET /user/menu-figures`: the main menu's one live figure per module the person may open */
  menuFigures: () => callApi<{ data: MenuFigure[] }>('/user/menu-figures').then((reply) => reply.data),
};

export type ShellCalls = typeof shellCalls;
