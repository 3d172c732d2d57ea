import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { en, th } from '../../i18n';
import { USERS, chooseLanguage, sharedSignedInPage, signIn, toast } from './helpers';

// Assessments (menu 20): a DPIA started from a ROPA activity that needs one, answered with a risk rated on the
// 5x5 matrix and a measure; the DPO's opinion; its author cannot sign it off, the DPO (another person) does; the
// risk lands in the risk register and the measure on the ROPA activity; signed, it is read-only and a new round
// starts from it; an LIA end to end; the PDF. Screenshots in Thai and English go to /tmp/assess-*.png.

const A = th.assessments;
const FIRST_LOAD = { timeout: 60_000 };
const RISK_TITLE = 'ข้อมูลลูกค้ารั่วไหลจากฐานข้อมูล (e2e)';
const MEASURE = 'เข้ารหัสฐานข้อมูลลูกค้าด้วย AES-256 (e2e)';

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

const picture = (page: Page, name: string) => page.screenshot({ path: `/tmp/assess-${name}.png`, fullPage: true, animations: 'disabled' });

/** Answers every question of the questionnaire on screen: a text, yes, the middle of a scale, the first choice. */
async function answerAll(page: Page, lang: typeof th = th) {
  const questions = page.locator('[data-testid^="question-"]');
  const count = await questions.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const q = questions.nth(i);
    const box = q.getByRole('textbox');
    if (await box.count()) {
      await box.first().fill(`คำตอบทดสอบ ${i + 1}`);
      continue;
    }
    const yes = q.getByRole('radio', { name: lang.common.yes, exact: true });
    if (await yes.count()) {
      await yes.check();
      continue;
    }
    const three = q.getByRole('radio', { name: '3', exact: true });
    if (await three.count()) {
      await three.check();
      continue;
    }
    await q.getByRole('radio').first().check();
  }
}

async function pick(page: Page, scope: Locator, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

/** The first candidate row that offers to start this kind, and the activity it names. */
async function startFromCandidates(page: Page, kind: 'dpia' | 'lia') {
  await page.goto('/assessments/candidates');
  await expect(page.getByTestId('candidate-row').first()).toBeVisible(FIRST_LOAD);
  const row = page
    .getByTestId('candidate-row')
    .filter({ has: page.getByTestId(`start-${kind}`) })
    .first();
  await expect(row).toBeVisible();
  const activity = (await row.getAttribute('data-activity')) ?? '';
  await row.getByTestId(`start-${kind}`).click();
  await expect(page).toHaveURL(/\/assessments\/edit\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('assessment-edit')).toBeVisible(FIRST_LOAD);
  return { activity, url: page.url() };
}

test.describe('a DPIA from a candidate to its sign-off and next round', () => {
  let page: Page;
  let dpiaUrl = '';
  let activity = '';
  sharedSignedInPage(USERS.admin, (p) => (page = p));

  test('the list and the candidates load, in Thai', async () => {
    await page.goto('/assessments');
    await expect(page).toHaveURL(/\/assessments\/list$/);
    await expect(page.getByRole('heading', { level: 1, name: A.title })).toBeVisible(FIRST_LOAD);
    await expect(page.getByTestId('load-failed')).toHaveCount(0);
    await picture(page, 'list-th');
    await page.getByRole('tab', { name: A.tabs.candidates }).click();
    await expect(page.getByTestId('candidate-row').first()).toBeVisible(FIRST_LOAD);
    await picture(page, 'candidates-th');
  });

  test('start a DPIA from a candidate, answer it, add a risk on the matrix, a measure, and save', async () => {
    ({ activity, url: dpiaUrl } = await startFromCandidates(page, 'dpia'));
    const edit = page.getByTestId('assessment-edit');
    await expect(edit).toContainText(activity);
    await expect(edit.getByTestId('assessment-state').first()).toHaveText(A.states.draft);
    await answerAll(page);
    await page.getByTestId('add-risk').click();
    const risk = page.getByTestId('risk-card').first();
    await risk.getByRole('textbox', { name: A.risks.title, exact: true }).fill(RISK_TITLE);
    await pick(page, risk, A.risks.likelihood, new RegExp(`^4 · ${A.risks.level_names[4]}`));
    await pick(page, risk, A.risks.impact, new RegExp(`^4 · ${A.risks.level_names[4]}`));
    await risk.getByRole('textbox', { name: A.risks.measures }).fill(MEASURE);
    await pick(page, risk, A.risks.residual_likelihood, new RegExp(`^2 · ${A.risks.level_names[2]}`));
    await pick(page, risk, A.risks.residual_impact, new RegExp(`^2 · ${A.risks.level_names[2]}`));
    // the level shows as it is rated: 4 x 4 is high or worse on any matrix, 2 x 2 is not
    const levels = risk.getByTestId('risk-levels');
    await expect(levels.getByText(/^(H|VH)$/)).toBeVisible();
    await expect(levels.getByText(/^(L|M)$/)).toBeVisible();
    await page.getByRole('textbox', { name: A.form.measures }).fill(MEASURE);
    await pick(page, page.getByTestId('assessment-edit'), A.form.conclusion, A.conclusions.proceedWithMeasures);
    await picture(page, 'dpia-form-th');
    await page.getByTestId('risks').screenshot({ path: '/tmp/assess-risks-th.png' });
    await page.getByTestId('assessment-save').click();
    await expect(toast(page, A.form.saved)).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('risk-card')).toHaveCount(1, FIRST_LOAD);
    await expect(page.getByTestId('risk-card').getByRole('textbox', { name: A.risks.title, exact: true })).toHaveValue(RISK_TITLE);
  });

  test('without the DPO opinion and as its author, the sign-off says why it is closed', async () => {
    const panel = page.getByTestId('sign-panel');
    await expect(panel.getByTestId('sign-button')).toBeDisabled();
    await expect(panel.getByTestId('sign-blocked')).toHaveText(A.sign.why_not.author);
    await picture(page, 'dpia-signoff-author-th');
    await panel.screenshot({ path: '/tmp/assess-signoff-author-th.png' });
  });

  test('another person, the DPO, gives the opinion and signs it off; it is then read-only', async ({ browser }) => {
    const dpo = await (await browser.newContext()).newPage();
    await signIn(dpo, USERS.dpo);
    await dpo.goto(new URL(dpiaUrl).pathname);
    await expect(dpo.getByTestId('assessment-edit')).toBeVisible(FIRST_LOAD);
    const sign = dpo.getByTestId('sign-panel');
    await expect(sign.getByTestId('sign-blocked')).toHaveText(A.sign.why_not.opinion);
    await expect(sign.getByTestId('sign-button')).toBeDisabled();
    await dpo.getByRole('textbox', { name: A.opinion.text }).fill('เห็นควรดำเนินการได้เมื่อเข้ารหัสฐานข้อมูลครบถ้วน');
    await dpo.getByTestId('opinion-save').click();
    await expect(toast(dpo, A.opinion.saved)).toBeVisible();
    await expect(dpo.getByTestId('opinion-by')).toContainText(USERS.dpo.fullName);
    await expect(sign.getByTestId('sign-button')).toBeEnabled();
    await sign.getByTestId('sign-button').click();
    await dpo.getByTestId('approve-confirm').click();
    await expect(toast(dpo, A.sign.signed)).toBeVisible();
    await expect(dpo.getByTestId('signed-by')).toContainText(USERS.dpo.fullName);
    await expect(dpo.getByTestId('read-only')).toBeVisible();
    await expect(dpo.getByTestId('assessment-save')).toHaveCount(0);
    await dpo.context().close();

    await page.reload();
    await expect(page.getByTestId('read-only')).toBeVisible(FIRST_LOAD);
    await expect(page.getByTestId('assessment-save')).toHaveCount(0);
    await expect(page.getByTestId('add-risk')).toHaveCount(0);
    await expect(page.getByTestId('risk-card').getByRole('textbox', { name: A.risks.title, exact: true })).toBeDisabled();
    await picture(page, 'dpia-signed-th');
    await page.getByTestId('sign-panel').screenshot({ path: '/tmp/assess-signed-panel-th.png' });
    await page.getByTestId('rounds').screenshot({ path: '/tmp/assess-rounds-th.png' });
  });

  test('the PDF downloads', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: A.export.pdf }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect(
      readFileSync(await download.path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  });

  test('the risk is in the risk register and the measure on the ROPA activity', async () => {
    await page.getByTestId('written-back').getByRole('link', { name: A.sign.activity }).click();
    await expect(page.getByTestId('ropa-side')).toBeVisible(FIRST_LOAD);
    await page.getByRole('button', { name: th.ropa.form.next }).click();
    await expect(page.getByTestId('ropa-security')).toHaveValue(new RegExp(MEASURE.replace(/[()]/g, '\\$&')));

    await page.goto('/risk-management/event');
    const search = page.getByRole('textbox', { name: th.common.search });
    await search.fill(RISK_TITLE);
    await search.press('Enter');
    await expect(page.getByText(`DPIA: ${activity}: ${RISK_TITLE}`)).toBeVisible(FIRST_LOAD);
  });

  test('a new round starts from the signed one, with its answers', async () => {
    await page.goto(new URL(dpiaUrl).pathname);
    await page.getByTestId('next-round').click();
    await expect(toast(page, A.sign.round_started.replace('%{round}', '2'))).toBeVisible();
    await expect(page).not.toHaveURL(dpiaUrl);
    const edit = page.getByTestId('assessment-edit');
    await expect(edit).toHaveAttribute('data-state', 'draft');
    await expect(edit).toContainText(A.round.replace('%{round}', '2'));
    await expect(page.getByTestId('risk-card')).toHaveCount(1);
    await expect(page.getByTestId('round-row')).toHaveCount(2);
    await picture(page, 'dpia-round2-th');
  });

  test('the new round, still a draft, is deleted after the typed confirmation; the signed round stays', async () => {
    await page.getByTestId('assessment-delete').click();
    const box = page.getByRole('dialog', { name: th.common.delete_dialog.title });
    await box.getByTestId('typed-delete-input').fill('delete');
    await box.getByRole('button', { name: th.common.delete_dialog.confirm }).click();
    await expect(toast(page, A.deleted)).toBeVisible();
    await expect(page).toHaveURL(/\/assessments\/list$/);
    await page.goto(new URL(dpiaUrl).pathname);
    await expect(page.getByTestId('assessment-edit')).toHaveAttribute('data-state', 'signed');
    await expect(page.getByTestId('round-row')).toHaveCount(1);
    // a signed assessment offers no delete
    await expect(page.getByTestId('assessment-delete')).toHaveCount(0);
  });
});

test('an LIA from a candidate: the three tests, saved, signed off by another person', async ({ page, browser }) => {
  await signIn(page);
  const { url } = await startFromCandidates(page, 'lia');
  await answerAll(page);
  for (const test of ['purpose', 'necessity', 'balancing'] as const)
    await page.getByTestId(`test-${test}`).getByRole('radio', { name: A.test_results.pass, exact: true }).check();
  await expect(page.getByTestId('live-outcome')).toContainText(A.lia_results.legitimate);
  await page.getByTestId('assessment-save').click();
  await expect(toast(page, A.form.saved)).toBeVisible();
  await expect(page.getByTestId('sign-blocked')).toHaveText(A.sign.why_not.author);
  await picture(page, 'lia-form-th');

  const dpo = await (await browser.newContext()).newPage();
  await signIn(dpo, USERS.dpo);
  await dpo.goto(new URL(url).pathname);
  await dpo.getByTestId('sign-button').click();
  await dpo.getByTestId('approve-confirm').click();
  await expect(toast(dpo, A.sign.signed)).toBeVisible();
  await expect(dpo.getByTestId('assessment-edit').getByText(A.lia_results.legitimate).first()).toBeVisible();
  await dpo.context().close();
});

test('the screens in English, and the templates', async ({ page }) => {
  const E = en.assessments;
  await signIn(page);
  await chooseLanguage(page, 'English');
  await page.goto('/assessments/list');
  await expect(page.getByTestId('assessment-row').first()).toBeVisible(FIRST_LOAD);
  // the wider English table scrolls inside its card: the page itself does not scroll sideways
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await picture(page, 'list-en');
  await page.getByTestId('assessment-row').first().getByRole('link').click();
  await expect(page.getByTestId('assessment-edit')).toBeVisible(FIRST_LOAD);
  await expect(page.getByTestId('sign-panel')).toContainText(E.sign.title);
  await picture(page, 'form-en');
  await page.goto('/assessments/candidates');
  await expect(page.getByTestId('candidate-row').first()).toBeVisible(FIRST_LOAD);
  await picture(page, 'candidates-en');
  await page.goto('/assessments/templates');
  await expect(page.getByTestId('template-row').first()).toBeVisible(FIRST_LOAD);
  await picture(page, 'templates-en');
  // a built-in template is copied to be edited
  await page.getByTestId('template-row').filter({ hasText: E.templates.builtin }).first().getByRole('button', { name: E.templates.copy }).click();
  await expect(toast(page, E.templates.copied)).toBeVisible();
  await expect(page.getByTestId('template-edit')).toBeVisible();
  await expect(page.getByTestId('template-save')).toBeVisible();
  await picture(page, 'template-edit-en');
  await chooseLanguage(page, 'ไทย');
  await expect(page.getByTestId('template-save')).toHaveText(th.assessments.save);
  await picture(page, 'template-edit-th');
  // the first section's first question moved down, saved, and still second when opened again
  const section = page.getByTestId('template-section').first();
  const texts = () => section.getByTestId('template-question').getByLabel(th.assessments.templates.text_th);
  const [first, second] = [await texts().nth(0).inputValue(), await texts().nth(1).inputValue()];
  await expect(section.getByTestId('template-question').first().getByTestId('question-up')).toHaveCount(0);
  await section.getByTestId('template-question').first().getByTestId('question-down').click();
  await expect(texts().nth(0)).toHaveValue(second);
  await expect(texts().nth(1)).toHaveValue(first);
  await page.getByTestId('template-save').click();
  await expect(toast(page, th.assessments.templates.saved)).toBeVisible();
  await page.reload();
  await expect(texts().nth(0)).toHaveValue(second, FIRST_LOAD);
  await expect(texts().nth(1)).toHaveValue(first);
});
