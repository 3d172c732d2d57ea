import type { MenuItem } from '../contract/auth';
import { callApi } from './http';

/** The application shell's calls, which belong to no resource: the signed-in person's menu. */
export const shellCalls = {
  /** `GET /user/menu`: the menu as the server builds it from the role, in `locale` */
  userMenu: ({ locale }: { locale: string }) =>
    // the language is named here: the API client learns a new locale only after the menu's query runs
    callApi<{ menu: MenuItem[] }>('/user/menu', { headers: { 'Accept-Language': locale } }).then((reply) => reply.menu),
};

export type ShellCalls = typeof shellCalls;
