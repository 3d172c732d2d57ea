import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { en, th } from '../../i18n';
import { chooseLanguage, shoot, signIn, USERS } from './helpers';

// The access pack on the demo data: staff build the pack of a portability request, read its letter
// (pdftotext) and its data, and send it by e-mail; the demo's sent pack shows what went, and a viewer
// reads it without the buttons. Then the drawer in English.

const P = th.dsr.pack;
test.describe.configure({ mode: 'serial' });

const drawer = (page: Page) => page.locator('.MuiDrawer-paperAnchorRight');
const pack = (page: Page) => page.getByTestId('dsr-pack');
// Thai words come out of pdftotext with spaces between them: compared without any
const flat = (s: string) => s.replace(/\s+/g, '').replace(/\u0E33\u0E32/g, '\u0E33');

async function openRequest(page: Page, ref: string) {
  await page.goto('/consents/datasubject/list');
  await page.getByTestId(`dsr-row-${ref}`).click();
  await expect(drawer(page).getByTestId('dsr-status')).toBeVisible();
}

async function download(page: Page, name: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), pack(page).getByRole('button', { name }).click()]);
  return { name: file.suggestedFilename(), path: (await file.path())! };
}

test('staff build the pack of a portability request, read the letter and the data, and send it by e-mail', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  await openRequest(page, 'DEMO-DSR-0005');
  await expect(pack(page).getByText(P.none, { exact: false })).toBeVisible();
  await pack(page).getByRole('button', { name: P.build }).click();
  await expect(page.getByText(P.built)).toBeVisible();
  await expect(pack(page).getByText(P.draft)).toBeVisible();
  await expect(pack(page).getByTestId('dsr-pack-counts')).toContainText('กิจกรรม');
  await shoot(page, 'dsr-pack-draft-th');

  const letter = await download(page, P.preview);
  expect(letter.name).toBe('DEMO-DSR-0005-access-letter.pdf');
  const text = flat(execFileSync('pdftotext', ['-layout', letter.path, '-'], { encoding: 'utf8' }));
  expect(text).toContain(flat(P.letter.title));
  expect(text).toContain('DEMO-DSR-0005');
  expect(text).toContain(flat('คุณปิติยินดี'));
  expect(text).toContain(flat(P.letter.draft));

  const data = await download(page, P.download);
  expect(data.name).toBe('DEMO-DSR-0005-access-data.zip');
  const files = unzipSync(new Uint8Array(readFileSync(data.path)));
  expect(Object.keys(files)).toContain('access-pack.json');
  expect(JSON.parse(Buffer.from(files['access-pack.json']).toString('utf8')).request.referenceCode).toBe('DEMO-DSR-0005');

  // the send dialog opens with the e-mail it will go to; saved, the letter goes there and the pack is final
  await pack(page).getByRole('button', { name: P.mark_sent }).click();
  const dialog = page.getByRole('dialog').last();
  await expect(dialog.getByText(P.dialog.email_hint.replace('%{email}', 'piti@example.com'))).toBeVisible();
  await dialog.getByLabel(P.dialog.note).fill('ส่งทางอีเมลตามที่ขอ');
  await shoot(page, 'dsr-pack-send-th');
  await dialog.getByRole('button', { name: P.dialog.save }).click();
  await expect(page.getByText(P.sent_saved)).toBeVisible();
  await expect(page.getByLabel(P.dialog.note)).toHaveCount(0);
  await expect(pack(page).getByText(P.sent, { exact: true })).toBeVisible();
  await expect(pack(page).getByTestId('dsr-pack-sent')).toContainText(P.channels.email);
  await expect(pack(page).getByRole('button', { name: P.mark_sent })).toHaveCount(0);
  const outbox = await page.request.get(`/api/v1/dev/outbox?to=${encodeURIComponent('piti@example.com')}`);
  const { mails } = (await outbox.json()) as { mails: { text: string }[] };
  expect(mails.some((m) => m.text.includes('DEMO-DSR-0005'))).toBe(true);
});

test("a viewer reads the demo's sent pack without the buttons to build or send", async ({ page }) => {
  await signIn(page, USERS.viewer);
  await openRequest(page, 'DEMO-DSR-0006');
  await expect(pack(page).getByText(P.sent, { exact: true })).toBeVisible();
  await expect(pack(page).getByTestId('dsr-pack-sent')).toContainText(P.channels.email);
  await expect(pack(page).getByRole('button', { name: P.build })).toHaveCount(0);
  await expect(pack(page).getByRole('button', { name: P.mark_sent })).toHaveCount(0);
  await expect(pack(page).getByRole('button', { name: P.preview })).toBeVisible();
  // a request for another right has no pack
  await openRequest(page, 'DEMO-DSR-0002');
  await expect(pack(page)).toHaveCount(0);
});

test('in English: the sent pack', async ({ page }) => {
  await signIn(page);
  await page.goto('/consents/datasubject/list');
  await chooseLanguage(page, 'English');
  await page.getByTestId('dsr-row-DEMO-DSR-0006').click();
  await expect(pack(page).getByText(en.dsr.pack.title)).toBeVisible();
  await expect(pack(page).getByTestId('dsr-pack-sent')).toContainText(en.dsr.pack.channels.email);
  await shoot(page, 'dsr-pack-sent-en');
});
