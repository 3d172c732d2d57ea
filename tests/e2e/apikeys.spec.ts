import { expect, test, type Page } from '@playwright/test';
import { en, th } from '../../i18n';
import { USERS, chooseLanguage, sharedSignedInPage } from './helpers';
import { bearer, dialog, row, shoot, stamp, toast } from './riskHelpers';

/** Thai texts of the API keys page (i18n/apikeys.ts). */
const K = th.apikeys;
const PATH = '/settings/api-keys';

/** DEMO's published notice, read through the staff API: its id, current version and first purpose. */
async function publishedNotice(page: Page) {
  const headers = { authorization: `Bearer ${await bearer(page)}` };
  const list = (await (await page.request.get('/api/v1/consents/form/list?limit=50', { headers })).json()) as {
    formlist: { _id: string; version: number | null }[];
  };
  const form = list.formlist.find((f) => f.version !== null)!;
  const detail = (await (await page.request.get(`/api/v1/consents/form/detail?formId=${form._id}`, { headers })).json()) as {
    data: { versions: { version: number }[] };
  };
  const version = Math.max(...detail.data.versions.map((v) => v.version));
  const { notice } = (await (await page.request.get(`/api/v1/consents/form/version?formId=${form._id}&version=${version}`, { headers })).json()) as {
    notice: { purposes: { _id: string }[] };
  };
  return { formId: form._id, version, purposeId: notice.purposes[0]._id };
}

test.describe('API keys and the consent API', () => {
  // a key, its calls and the consent log in one story: slower than one screen's check
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  const name = `LINE OA ${stamp()}`;
  const subjectId = `08${Date.now().toString().slice(-8)}`;
  let secret = '';
  let page: Page;
  sharedSignedInPage(USERS.admin, (p) => (page = p));

  test('lists the demo keys with their scopes and last use, reached from the company settings', async () => {
    await page.goto('/settings/general');
    await page.getByRole('link', { name: K.title }).click();
    await expect(page).toHaveURL(new RegExp(`${PATH}$`));
    await expect(page.getByRole('heading', { level: 1, name: K.title })).toBeVisible();
    await expect(row(page, 'LINE OA ร้านสาขา')).toContainText('consent:write');
    await expect(row(page, 'แอปสมาชิก (ทดสอบ)')).toContainText(K.never_used);
    await expect(row(page, 'คอลเซ็นเตอร์ระบบเดิม')).toContainText(K.revoked);
    await shoot(page, 'apikeys-list-th');
  });

  test('creates a key: the form checks its fields, the secret is shown once with a copy button', async () => {
    await page.getByRole('button', { name: K.add, exact: true }).click();
    const form = dialog(page, K.add_title);
    await form.getByRole('button', { name: th.common.submit }).click();
    await expect(form.getByText(th.common.required).first()).toBeVisible();
    await form.getByRole('textbox', { name: K.name }).fill(name);
    await form.getByRole('button', { name: th.common.submit }).click();
    const shown = dialog(page, K.secret_title.replace('%{name}', name));
    await expect(shown).toBeVisible();
    secret = await shown.getByTestId('api-key-secret').inputValue();
    expect(secret).toMatch(/^pdpa_live_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    await expect(shown.getByRole('button', { name: K.copy })).toBeVisible();
    await shoot(page, 'apikeys-secret-th');
    await shown.getByRole('button', { name: K.done }).click();
    await expect(shown).toBeHidden();
    await expect(row(page, name)).toContainText(K.active);
    // the list never shows the secret again
    await expect(page.getByText(secret)).toHaveCount(0);
  });

  test('the app records and checks a consent with the key; staff see it in the consent log, the key as its channel', async () => {
    const notice = await publishedNotice(page);
    const key = { authorization: `Bearer ${secret}` };
    const given = await page.request.post('/api/v1/consent-api/consents', {
      headers: key,
      data: { formId: notice.formId, version: notice.version, subjectId, age: 30, purposes: [{ _id: notice.purposeId, consent: true }] },
    });
    expect(given.status(), await given.text()).toBe(200);
    const check = await page.request.get(
      `/api/v1/consent-api/check?formId=${notice.formId}&purposeId=${encodeURIComponent(notice.purposeId)}&subjectId=${subjectId}`,
      { headers: key },
    );
    expect(await check.json()).toMatchObject({ allowed: true, state: 'given', version: notice.version });

    await page.goto('/consents/manage/list');
    const record = page.getByTestId('consent-record-row').filter({ hasText: subjectId });
    await expect(record).toContainText(th.consent.states.given, { timeout: 30_000 });
    await record.getByRole('button', { name: th.consent.records.history_open.replace('%{count}', '1') }).click();
    const history = page.getByRole('dialog', { name: th.consent.records.history_title });
    await expect(history.getByTestId('consent-event').first()).toContainText(name);
    await page.keyboard.press('Escape');

    // its last use shows on the keys page
    await page.goto(PATH);
    await expect(row(page, name)).not.toContainText(K.never_used);
  });

  test('revokes the key after the typed confirmation: the app is refused (401) at once', async () => {
    const target = row(page, name);
    await target.getByRole('button', { name: K.revoke }).click();
    const box = dialog(page, th.common.delete_dialog.title);
    await box.getByTestId('typed-delete-input').fill('delete');
    await box.getByRole('button', { name: th.common.delete_dialog.confirm }).click();
    await expect(toast(page, K.revoked_success)).toBeVisible();
    await expect(target).toContainText(K.revoked);
    const refused = await page.request.get(`/api/v1/consent-api/consents?subjectId=${subjectId}`, { headers: { authorization: `Bearer ${secret}` } });
    expect(refused.status()).toBe(401);
    expect(((await refused.json()) as { msg: string }).msg).toBe(th.server.api_key_invalid);
  });

  test('reads in English', async () => {
    await chooseLanguage(page, 'English');
    await expect(page.getByRole('heading', { level: 1, name: en.apikeys.title })).toBeVisible();
    await expect(row(page, name)).toContainText(en.apikeys.revoked);
    await shoot(page, 'apikeys-list-en');
    await chooseLanguage(page, 'ไทย');
  });
});
