import type { SsoSettings, SsoSettingsBody } from '../../contract/sso';
import { apiCall, type CallsOf, type ResourceDefinition } from '../types';

/** The company's single sign-on (settings, menu 13): one provider, read and saved as one record. */
const definition = {
  name: 'sso-settings',
  menu: 'settings',
  api: {},
  calls: {
    /** `GET /sso-settings/current`: the provider (never its secret: only whether one is set) and the form's choices */
    ssoSettings: apiCall({
      method: 'GET',
      path: () => '/sso-settings/current',
      reply: (body) => (body as { data: SsoSettings }).data,
    }),
    /** `PUT /sso-settings/current`: a blank secret keeps the stored one */
    saveSsoSettings: apiCall({
      method: 'PUT',
      path: () => '/sso-settings/current',
      body: (settings: SsoSettingsBody) => settings,
      reply: (body) => (body as { data: SsoSettings }).data,
    }),
  },
} satisfies ResourceDefinition;
export default definition;

declare module '../types' {
  interface DefinedCalls extends CallsOf<typeof definition> {}
}
