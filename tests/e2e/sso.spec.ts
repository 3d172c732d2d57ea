import { createHash } from 'node:crypto';
import { expect, request, test } from '@playwright/test';
import { th } from '../../i18n';
import { startOidcProvider, type TestProvider } from '../oidc/provider';
import { shoot, signIn, TH, toast, USERS, userMenuButton } from './helpers';

// Single sign-on (settings, menu 13): an administrator sets up the company's OpenID Connect provider (a real
// oidc-provider this test runs on 127.0.0.1; the e2e server allows a plain-http issuer with SSO_ALLOW_HTTP),
// signs out, and signs in again through the provider's own sign-in page; an e-mail outside the allowed
// domains is refused on the login page, in Thai.

const S = th.sso;
const port = Number(process.env.E2E_PORT ?? 3999);
// the server's APP_URL (its default): where the provider sends the browser back
const APP_ORIGIN = `http://localhost:${port}`;
const REDIRECT = `${APP_ORIGIN}/login`;
const CLIENT = { client_id: 'pdpa-e2e', client_secret: 'e2e-secret-0123456789abcdef', redirect_uris: [REDIRECT] };
const PROVIDER_NAME = 'ผู้ให้บริการทดสอบ';
const ADMIN_EMAIL = 'admin@thaidigital.example';

let idp: TestProvider;
test.beforeAll(async () => {
  idp = await startOidcProvider([CLIENT]);
});
test.afterAll(async () => {
  // the company goes back to passwords only, for whatever runs after
  const api = await request.newContext({ baseURL: `http://127.0.0.1:${port}` });
  const timestamp = String(Date.now());
  const signin = await api.post(`/api/v1/user/signin/${timestamp}`, {
    headers: { Authorization: `Token ${createHash('sha256').update(timestamp).digest('hex')}` },
    data: { companyCode: 'DEMO', username: 'admin', password: 'admin1234' },
  });
  const token = ((await signin.json()) as { access_token: string }).access_token;
  await api.put('/api/v1/sso-settings/current', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      enabled: false,
      providerName: '',
      issuer: '',
      clientId: '',
      clientSecret: '',
      userClaim: 'email',
      allowedDomains: [],
      createRoleId: null,
      passwordSigninOff: false,
      breakGlassUserId: null,
    },
  });
  await api.dispose();
  await idp?.close();
});

test('an administrator sets up single sign-on, signs out, and signs in through the provider', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  await page.goto('/settings/general');
  await page.getByRole('link', { name: S.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: S.title })).toBeVisible();
  await expect(page.getByLabel(S.redirect_uri)).toHaveValue(REDIRECT);

  await page.getByLabel(S.fields.enabled).check();
  await page.getByLabel(S.fields.providerName).fill(PROVIDER_NAME);
  await page.getByLabel(S.fields.issuer).fill(idp.issuer);
  await page.getByLabel(S.fields.clientId).fill(CLIENT.client_id);
  await page.getByLabel(S.fields.clientSecret).fill(CLIENT.client_secret);
  await page.getByLabel(S.fields.allowedDomains).fill('thaidigital.example');
  await shoot(page, 'sso-settings-th');
  await page.getByRole('button', { name: S.save }).click();
  await expect(toast(page, S.saved)).toBeVisible();
  // the secret is never shown again, only that it is set
  await expect(page.getByText(S.hints.secret_set)).toBeVisible();
  await expect(page.getByLabel(S.fields.clientSecret)).toHaveValue('');

  // changing the client id asks for the secret again (the stored one is not kept for another client)
  await page.getByLabel(S.fields.clientId).fill('another-client');
  await expect(page.getByText(S.hints.secret_again)).toBeVisible();
  await page.getByLabel(S.fields.clientId).fill(CLIENT.client_id);
  await expect(page.getByText(S.hints.secret_set)).toBeVisible();

  // sign out
  await userMenuButton(page).click();
  await page.getByRole('menuitem', { name: TH.logout }).click();
  await expect(page.getByRole('heading', { name: TH.staffTitle })).toBeVisible();
  // the sign-in starts at the address the provider sends back to (APP_URL): the browser's cookie of the
  // attempt is that site's, and an answer handed in without it is refused
  await page.goto(`${APP_ORIGIN}/login`);
  await expect(page.getByRole('heading', { name: TH.staffTitle })).toBeVisible();

  // the login page offers the provider once the company code is typed
  const ssoButton = page.getByRole('button', { name: S.sign_in_with.replace('%{provider}', PROVIDER_NAME) });
  await page.locator('input[name=companyCode]').fill(USERS.admin.companyCode);
  await expect(ssoButton).toBeVisible();
  await shoot(page, 'sso-login-th');
  await ssoButton.click();

  // the provider's own sign-in page
  await page.waitForURL((url) => url.origin === idp.issuer);
  await page.locator('input[name=login]').fill(ADMIN_EMAIL);
  await page.locator('input[name=password]').fill('any password the provider checks');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  // back in the product, signed in as the person of that e-mail
  await page.waitForURL((url) => url.port === String(port) && url.pathname === '/');
  await expect(userMenuButton(page)).toBeVisible();
  await userMenuButton(page).click();
  await expect(page.getByText(USERS.admin.fullName).first()).toBeVisible();
  await page.keyboard.press('Escape');

  // an e-mail outside the allowed domains is refused on the login page, nothing opened
  await userMenuButton(page).click();
  await page.getByRole('menuitem', { name: TH.logout }).click();
  await expect(page.getByRole('heading', { name: TH.staffTitle })).toBeVisible();
  // the provider would remember its own session: another person signs in at it
  await page.context().clearCookies();
  await page.locator('input[name=companyCode]').fill(USERS.admin.companyCode);
  await ssoButton.click();
  await page.waitForURL((url) => url.origin === idp.issuer);
  await page.locator('input[name=login]').fill('someone@elsewhere.example');
  await page.locator('input[name=password]').fill('x');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  const refusal = th.server.sso_domain.replace('%{domain}', 'elsewhere.example');
  await expect(page.getByRole('alert').filter({ hasText: refusal })).toBeVisible();
  await expect(page.getByRole('heading', { name: TH.staffTitle })).toBeVisible();
  await shoot(page, 'sso-refused-th');
});

test('a sign-in that cannot start comes back to the login page, which says why in Thai', async ({ page }) => {
  // a navigation: the browser is sent back to the login page, not shown the API's JSON
  await page.goto('/api/v1/sso/start?companyCode=NOSUCH');
  await page.waitForURL((url) => url.pathname === '/login');
  expect(new URL(page.url()).searchParams.get('ssoError')).toBe('sso_not_offered');
  await expect(page.getByRole('heading', { name: TH.staffTitle })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: S.start_errors.sso_not_offered })).toBeVisible();
  await shoot(page, 'sso-start-failed-th');
});
