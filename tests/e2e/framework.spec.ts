import { expect, test, type Page } from '@playwright/test';
import { en, th } from '../../i18n';
import { USERS, chooseLanguage, sharedSignedInPage } from './helpers';

/** The PDPA control framework: the dashboard's posture card → the framework page → a drill-down → evidence attached. */
const F = th.framework;

test.describe('PDPA framework', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  sharedSignedInPage(USERS.admin, (p) => (page = p));

  test("the dashboard's posture leads with the framework's score and opens its page", async () => {
    await page.goto('/dashboard');
    const card = page.getByTestId('posture-framework');
    await expect(card).toContainText(/\d+(\.\d)?%/);
    await card.click();
    await expect(page).toHaveURL(/\/framework$/);
    await expect(page.getByRole('heading', { level: 1, name: F.title })).toBeVisible();
    await expect(page.getByTestId('framework-overall')).toContainText('%');
    await expect(page.getByText(F.requirements.access_control)).toBeVisible();
    await page.screenshot({ path: '/tmp/frame-list-th.png', fullPage: true });
  });

  test('a requirement opens its drill-down with the records behind it and links to the lists', async () => {
    await page.getByTestId('framework-row-processor_agreements').click();
    await expect(page).toHaveURL(/\/framework\/processor_agreements$/);
    const detail = page.getByTestId('framework-detail');
    await expect(detail.getByText(F.requirements.processor_agreements)).toBeVisible();
    await expect(page.getByTestId('framework-records').getByRole('link').first()).toBeVisible();
    // the law as written, and the lists behind it by their names
    await expect(detail.getByText(F.law_section.replace('%{n}', '40'), { exact: false }).first()).toHaveCSS('text-transform', 'none');
    await detail.getByRole('link', { name: F.list_names.processors_warning }).click();
    await expect(page).toHaveURL(/\/data-manage\/processor-diligence\?warning=true$/);
    await page.goBack();
    await expect(detail.getByText(F.requirements.processor_agreements)).toBeVisible();
    await page.screenshot({ path: '/tmp/frame-detail-th.png', fullPage: true });
  });

  test('stale evidence shows as such; attaching current evidence makes the requirement met', async () => {
    await page.goto('/framework/access_control');
    const detail = page.getByTestId('framework-detail');
    await expect(detail.getByText(F.evidence_stale).first()).toBeVisible();
    await expect(page.getByTestId('framework-detail-score')).toHaveText('50%');
    const form = page.getByTestId('framework-evidence-form');
    await form.getByLabel(F.evidence_note).fill('ทบทวนสิทธิการเข้าถึงทุกระบบประจำปี 2569');
    await form.getByLabel(F.evidence_reference).fill('ACCESS-REVIEW-2569.xlsx');
    await page.getByTestId('framework-evidence-save').click();
    await expect(page.getByText(F.evidence_saved)).toBeVisible();
    await expect(page.getByTestId('framework-detail-score')).toHaveText('100%');
    await expect(page.getByTestId('framework-evidence')).toContainText('ACCESS-REVIEW-2569.xlsx');
    await page.screenshot({ path: '/tmp/frame-evidence-th.png', fullPage: true });
  });

  test('in English, the page and its areas', async () => {
    await page.goto('/framework');
    await chooseLanguage(page, 'English');
    await expect(page.getByRole('heading', { level: 1, name: en.framework.title })).toBeVisible();
    await expect(page.getByText(en.framework.requirements.breach_72h)).toBeVisible();
    await page.screenshot({ path: '/tmp/frame-list-en.png', fullPage: true });
    await chooseLanguage(page, 'ไทย');
  });
});
