import { expect, test } from '@playwright/test';
import { en, th } from '../../i18n';
import { USERS, chooseLanguage, shoot, signIn, toast } from './helpers';

// Transfers abroad and processors' due diligence (menu 16): the demo's two transfers (Singapore under the
// ASEAN clauses; a US cloud under BCR whose certificate runs out within 60 days), a transfer added with no
// evidence yet (it warns), a processor's questionnaire sent as a link, answered on the public page once,
// and refused the second time.

const T = th.transfers;
const P = th.processors;

test.describe.configure({ mode: 'serial' });
// the data map's page is a large chunk: its first load may take a while on a busy machine
test.setTimeout(180_000);
const FIRST_LOAD = { timeout: 60_000 };

test('the register lists the demo transfers with their state, and a new one without evidence warns', async ({ page }) => {
  await signIn(page);
  await page.goto('/data-manage/transfers');
  await expect(page.getByTestId('transfer-row')).toHaveCount(2, FIRST_LOAD);
  await expect(page.getByTestId('transfer-row').filter({ hasText: 'MailFlow Pte. Ltd.' }).getByTestId('transfer-state')).toHaveText(T.states.valid);
  await expect(page.getByTestId('transfer-row').filter({ hasText: 'Nimbus Cloud Services' }).getByTestId('transfer-state')).toHaveText(
    T.states.expiring,
  );
  await shoot(page, 'transfers-list-th');

  await page.getByRole('link', { name: T.add }).click();
  await expect(page).toHaveURL(/\/data-manage\/transfers\/add$/);
  await page.getByLabel(T.fields.system).click();
  await page.getByRole('option', { name: 'ระบบบัญชี (ERP)' }).click();
  await page.getByLabel(T.fields.country).fill('ญี่ปุ่น');
  await page.getByRole('option', { name: 'ญี่ปุ่น' }).click();
  await page.getByLabel(T.fields.importer).fill('Tokyo Ledger K.K.');
  await page.getByLabel(T.fields.basis).click();
  await page.getByRole('option', { name: new RegExp(T.bases.contract) }).click();
  await shoot(page, 'transfers-form-th');
  await page.getByTestId('transfer-save').click();
  await expect(toast(page, T.add_success)).toBeVisible();
  await expect(page).toHaveURL(/\/data-manage\/transfers$/);
  const added = page.getByTestId('transfer-row').filter({ hasText: 'Tokyo Ledger K.K.' });
  await expect(added.getByTestId('transfer-state')).toHaveText(T.states.no_evidence);
});

test("a processor's questionnaire is sent as a link, answered once on the public page, refused the second time", async ({ page, browser }) => {
  await signIn(page);
  await page.goto('/data-manage/processor-diligence');
  await expect(page.getByTestId('processor-row').filter({ hasText: 'MailFlow Pte. Ltd.' })).toBeVisible(FIRST_LOAD);
  await expect(page.getByTestId('processor-row').filter({ hasText: 'ไทยคลาวด์โฮสติ้ง' })).toContainText(P.warnings.dpa_expiring);
  await shoot(page, 'processors-list-th');
  await page.getByTestId('processor-row').filter({ hasText: 'MailFlow Pte. Ltd.' }).getByRole('link').click();
  await expect(page.getByTestId('questionnaires')).toContainText('Tan Wei Ming');
  await page.getByLabel(P.questionnaire.sent_to).fill('security@mailflow.example');
  await page.getByRole('button', { name: P.questionnaire.send }).click();
  await expect(toast(page, P.questionnaire.emailed.replace('%{email}', 'security@mailflow.example'))).toBeVisible();
  const link = await page.getByTestId('questionnaire-link').inputValue();
  expect(link).toMatch(/\/processor-questionnaire\/[A-Za-z0-9_-]{43}$/);
  // the same link went to the processor by e-mail, in Thai, naming the company and the processor
  const outbox = await page.request.get('/api/v1/dev/outbox?to=security%40mailflow.example');
  const [mail] = ((await outbox.json()) as { mails: { template: string; text: string; link: string | null }[] }).mails;
  expect(mail.template).toBe('processor_questionnaire');
  expect(mail.text).toContain('MailFlow Pte. Ltd.');
  expect(new URL(mail.link!).pathname).toBe(new URL(link).pathname);
  await shoot(page, 'processors-diligence-th');

  const outsider = await browser.newPage();
  await outsider.goto(new URL(link).pathname);
  await expect(outsider.getByRole('heading', { level: 1, name: P.public.title })).toBeVisible(FIRST_LOAD);
  await outsider.getByLabel(P.public.respondent).fill('Lim Mei Ling');
  await outsider.getByLabel(P.public.encryption).check();
  await outsider.getByLabel(P.public.accessControl).check();
  await outsider.getByLabel(P.public.certified).check();
  await shoot(outsider, 'processor-questionnaire-th');
  await outsider.getByTestId('questionnaire-submit').click();
  await expect(outsider.getByRole('status')).toContainText('/100');
  await outsider.reload();
  await expect(outsider.getByText(th.server.processors_questionnaire_used)).toBeVisible();
  await outsider.close();

  await page.reload();
  await expect(page.getByTestId('questionnaires')).toContainText('Lim Mei Ling', FIRST_LOAD);
});

test('the register in English', async ({ page }) => {
  await signIn(page);
  await chooseLanguage(page, 'English');
  await page.goto('/data-manage/transfers');
  await expect(page.getByTestId('transfer-row').first()).toBeVisible(FIRST_LOAD);
  await expect(page.getByText(en.transfers.intro)).toBeVisible();
  await shoot(page, 'transfers-list-en');
});

test("a ROPA activity's transfers abroad are read from the register: its system's entry shows on step 2, free text is no more", async ({
  page,
  browser,
}) => {
  const MARKETING = 'ส่งข่าวสารและโปรโมชันทางอีเมล';
  const step2 = async (p: typeof page) => {
    await p.goto('/ropa/activity/list');
    const link = new RegExp(`^(${th.common.edit}|${th.ropa.list.open})$`);
    await p.getByTestId('ropa-row').filter({ hasText: MARKETING }).getByRole('link', { name: link }).click();
    await expect(p.getByTestId('ropa-side')).toBeVisible(FIRST_LOAD);
    await p.getByRole('button', { name: th.ropa.form.next }).click();
    return p.getByTestId('ropa-transfers');
  };
  await signIn(page);
  const panel = await step2(page);
  await expect(panel).toContainText(th.ropa.transfers.title);
  await expect(panel).toContainText('สิงคโปร์ · MailFlow Pte. Ltd.');
  await expect(panel).toContainText(T.bases.standard_clauses);
  await expect(panel.getByTestId('transfer-state')).toHaveText(T.states.valid);
  await expect(panel.getByRole('link', { name: th.ropa.transfers.add })).toHaveAttribute('href', '/data-manage/transfers/add');
  // no box to type a destination in: the demo's record holds no free text
  await expect(page.getByTestId('legacy-transfers')).toHaveCount(0);
  await expect(page.getByLabel(th.ropa.fields.country)).toHaveCount(0);
  await panel.scrollIntoViewIfNeeded();
  await shoot(page, 'ropa-transfers-from-register-th');

  const viewer = await (await browser.newContext()).newPage();
  await signIn(viewer, USERS.viewer);
  const read = await step2(viewer);
  await expect(read).toContainText('MailFlow Pte. Ltd.');
  await expect(read.getByRole('link', { name: th.ropa.transfers.add })).toHaveCount(0);
  await viewer.context().close();
});

test('a privacy notice tells of the transfers chosen from the register, and its public page shows them as published', async ({ page, browser }) => {
  const B = th.consent.builder;
  const NOTICE = 'สมาชิกร้านค้าออนไลน์';
  await signIn(page);
  await page.goto('/consents/manage/form');
  const row = page.getByTestId('consent-form-row').filter({ hasText: NOTICE });
  await row.getByRole('link', { name: th.common.edit }).click();
  const panel = page.getByTestId('notice-transfers');
  // the demo's notice names the register's two entries, each with its basis and state
  await expect(panel).toContainText('สิงคโปร์ · MailFlow Pte. Ltd.', FIRST_LOAD);
  await expect(panel).toContainText('สหรัฐอเมริกา · Nimbus Cloud Services, Inc.');
  await expect(panel.getByTestId('transfer-state')).toHaveText([T.states.valid, T.states.expiring]);
  await expect(page.getByTestId('legacy-transfers')).toHaveCount(0);
  await panel.scrollIntoViewIfNeeded();
  await shoot(page, 'notice-transfers-th');

  // take the US cloud out, find the entry added in the first test by its importer, and publish
  await panel.getByRole('button', { name: T.remove_line.replace('%{name}', 'สหรัฐอเมริกา · Nimbus Cloud Services, Inc.') }).click();
  await expect(panel).not.toContainText('Nimbus');
  await panel.getByTestId('notice-transfer-pick').locator('input').fill('Tokyo');
  await page.getByRole('option', { name: /ญี่ปุ่น · Tokyo Ledger K\.K\./ }).click();
  await expect(panel).toContainText('ญี่ปุ่น · Tokyo Ledger K.K.');
  await page.getByRole('button', { name: B.publish, exact: true }).click();
  await expect(toast(page, /เผยแพร่ฉบับที่ 2 สำเร็จ/)).toBeVisible();

  // the public page, as a data subject: where to, to whom, on what basis, as published
  const href = await page.getByTestId('consent-policy-link').getAttribute('href');
  const subject = await browser.newContext({ locale: 'th-TH', timezoneId: 'Asia/Bangkok' });
  const pub = await subject.newPage();
  await pub.goto(new URL(href!, page.url()).toString());
  const lines = pub.getByTestId('notice-transfer-lines').locator('li');
  await expect(lines).toHaveText([
    `สิงคโปร์: ส่งให้ MailFlow Pte. Ltd. (${th.consent.public.transfer_bases.standard_clauses})`,
    `ญี่ปุ่น: ส่งให้ Tokyo Ledger K.K. (${th.consent.public.transfer_bases.contract})`,
  ]);
  await shoot(pub, 'notice-transfers-public-th');
  await chooseLanguage(pub, 'English');
  await expect(lines.first()).toHaveText(`Singapore: sent to MailFlow Pte. Ltd. (${en.consent.public.transfer_bases.standard_clauses})`);
  await shoot(pub, 'notice-transfers-public-en');
  await subject.close();
});
