import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { en, th } from '../../i18n';
import { USERS, chooseLanguage, shoot, signIn } from './helpers';

/** A demo record left in review by admin, the DPO its reviewer (server/modules/ropa/demo.ts). */
const IN_REVIEW = 'ส่งข่าวสารและโปรโมชันทางอีเมล';
const side = (page: Page) => page.getByTestId('ropa-side');

async function openInReview(page: Page) {
  await page.goto('/ropa/activity/list');
  await page.getByTestId('ropa-row').filter({ hasText: IN_REVIEW }).getByRole('link').first().click();
  await expect(page.getByTestId('ropa-state')).toHaveText(th.ropa.states.review);
}

async function seriousProblems(page: Page) {
  // a dialog still fading in has half its colours: axe reads the page once every transition has ended
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

test.describe('ROPA review in the demo: the DPO approves what admin sent, after confirming', () => {
  test('the DPO sees the record waiting for them, its comments and the approval question, in Thai and English, with no serious axe problem', async ({
    page,
  }) => {
    await signIn(page, USERS.dpo);
    await openInReview(page);
    await expect(side(page).getByTestId('ropa-reviewer-name')).toHaveText(th.ropa.review.reviewer_is.replace('%{name}', USERS.dpo.fullName));
    await expect(side(page).getByTestId('ropa-approval-rule')).toHaveCount(0);
    await expect(page.getByTestId('ropa-comments')).toContainText(th.ropa.review.no_comments);
    expect(await seriousProblems(page)).toEqual([]);
    await side(page).getByRole('button', { name: th.ropa.moves.approved }).click();
    await expect(page.getByTestId('approve-dialog')).toContainText(`"${IN_REVIEW}"`);
    expect(await seriousProblems(page)).toEqual([]);
    await page.getByTestId('approve-dialog').getByRole('button', { name: th.common.approve_dialog.cancel }).click();
    await expect(page.getByTestId('ropa-state')).toHaveText(th.ropa.states.review);

    await chooseLanguage(page, 'English');
    await side(page).getByRole('button', { name: en.ropa.moves.approved }).click();
    await expect(page.getByTestId('approve-dialog')).toContainText(en.common.approve_dialog.title);
    await expect(page.getByTestId('approve-dialog')).toContainText(en.ropa.review.approve_version.split('%{')[0]);
    await shoot(page, 'ropa-approve-dialog-en');
    expect(await seriousProblems(page)).toEqual([]);
    await page.getByTestId('approve-dialog').getByRole('button', { name: en.common.approve_dialog.cancel }).click();
    await expect(page.getByTestId('ropa-comments')).toContainText(en.ropa.review.comments);
    await chooseLanguage(page, 'ไทย');
  });

  test('admin, who sent it, is not offered the approval: the button is disabled with the reason beside it', async ({ page }) => {
    await signIn(page, USERS.admin);
    await openInReview(page);
    await expect(side(page).getByRole('button', { name: th.ropa.moves.approved })).toBeDisabled();
    await expect(side(page).getByTestId('ropa-approval-rule')).toHaveText(th.common.approve_dialog.self_refused);
    await chooseLanguage(page, 'English');
    await expect(side(page).getByTestId('ropa-approval-rule')).toHaveText(en.common.approve_dialog.self_refused);
    await shoot(page, 'ropa-self-approval-en');
    await chooseLanguage(page, 'ไทย');
  });
});
