import { expect, test } from '@playwright/test';
import { en, th } from '../../i18n';
import { PREFERENCE_DEMO_EMAIL } from '../../demo/consent';
import { chooseLanguage, outboxCode, shoot, signIn } from './helpers';

// The data subjects' preference centre: staff find its link on the notice, the demo subject verifies
// their e-mail with the code, sees the consents they gave (the web form's and the LINE OA app's) with
// their days in the Buddhist era, withdraws one; staff see the withdrawal in the subject's history.

const C = th.consent;
const P = C.preferences;
const NEWSLETTER = 'ส่งข่าวสารและสิทธิพิเศษทางอีเมล';

test.describe.configure({ mode: 'serial' });

let centreLink = '';

test('staff find the preference centre link on the published notice', async ({ page }) => {
  await signIn(page);
  await page.goto('/consents/manage/form');
  await page.getByTestId('consent-form-row').first().getByRole('link').first().click();
  const link = page.getByTestId('consent-preferences-link');
  await expect(link).toHaveText(C.notices.open_preferences);
  centreLink = (await link.getAttribute('href'))!;
  expect(centreLink).toMatch(/^\/preferences\/[0-9a-f-]{36}$/);
});

test('the subject verifies their e-mail, sees their consents and withdraws one; staff see it', async ({ page, context }) => {
  await page.goto(centreLink);
  await expect(page.getByRole('heading', { name: P.title })).toBeVisible();
  await page.getByLabel(P.email).fill('not-an-email');
  await page.getByRole('button', { name: P.send_code }).click();
  await expect(page.getByText(th.server.preferences_email_format)).toBeVisible();
  await page.getByLabel(P.email).fill(PREFERENCE_DEMO_EMAIL);
  await page.getByRole('button', { name: P.send_code }).click();
  await expect(page.getByTestId('preferences-code-step')).toContainText(PREFERENCE_DEMO_EMAIL);
  const code = await outboxCode(page, PREFERENCE_DEMO_EMAIL, 'preference_code');
  // a wrong code says the tries left
  await page.getByLabel(P.code).fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
  await page.getByRole('button', { name: P.verify, exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(th.server.preferences_code_wrong.replace('%{left}', '4'));
  await page.getByLabel(P.code).fill(code);
  await page.getByRole('button', { name: P.verify, exact: true }).click();

  const list = page.getByTestId('preferences-list');
  await expect(list.getByRole('heading', { name: P.list_title.replace('%{email}', PREFERENCE_DEMO_EMAIL) })).toBeVisible();
  const cards = list.getByTestId('preference-consent');
  await expect(cards).toHaveCount(3);
  // the web form's and the app's, each with its version, day in the Buddhist era and channel; one already withdrawn
  const web = cards.filter({ hasText: NEWSLETTER }).filter({ hasText: C.channels.web });
  const app = cards.filter({ hasText: NEWSLETTER }).filter({ hasText: 'LINE OA ร้านสาขา' });
  await expect(web).toHaveCount(1);
  await expect(app).toHaveCount(1);
  await expect(web).toContainText(P.version.replace('%{version}', '1'));
  await expect(web).toContainText(/25\d\d/);
  await expect(cards.filter({ hasText: C.states.withdrawn })).toHaveCount(1);
  await shoot(page, 'preferences-th');

  await web.getByRole('button', { name: P.withdraw }).click();
  const dialog = page.getByRole('dialog', { name: P.withdraw_confirm_title });
  await expect(dialog).toContainText(NEWSLETTER);
  await dialog.getByRole('button', { name: P.withdraw }).click();
  await expect(list.getByRole('status')).toContainText(P.withdrawn.replace('%{purpose}', NEWSLETTER));
  await expect(web).toContainText(C.states.withdrawn);
  await expect(web.getByRole('button', { name: P.withdraw })).toHaveCount(0);
  await expect(app).toContainText(C.states.given);
  await shoot(page, 'preferences-withdrawn-th');

  // the same view in English, the language switch on top
  await chooseLanguage(page, 'English');
  await expect(list.getByRole('heading', { name: en.consent.preferences.list_title.replace('%{email}', PREFERENCE_DEMO_EMAIL) })).toBeVisible();
  await expect(cards.filter({ hasText: en.consent.states.withdrawn })).toHaveCount(2);
  await chooseLanguage(page, 'ไทย');
  await expect(list.getByRole('heading', { name: P.list_title.replace('%{email}', PREFERENCE_DEMO_EMAIL) })).toBeVisible();

  // staff: the subject's newsletter on the web form is withdrawn, on the web channel
  const staff = await context.newPage();
  await signIn(staff);
  await staff.goto('/consents/manage/list');
  const row = staff
    .getByTestId('consent-record-row')
    .filter({ hasText: PREFERENCE_DEMO_EMAIL })
    .filter({ hasText: NEWSLETTER })
    .filter({ hasText: C.states.withdrawn });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: C.records.history_open.replace('%{count}', '2') }).click();
  const events = staff.getByRole('dialog', { name: C.records.history_title }).getByTestId('consent-event');
  await expect(events).toHaveCount(2);
  await expect(events.nth(1)).toContainText(C.actions.withdrawn);
  await expect(events.nth(1)).toContainText(C.channels.web);
});
