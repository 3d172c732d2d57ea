import { expect, test } from '@playwright/test';
import { TH, USERS, bellButton, shoot, signIn } from './helpers';

/** Full-page pictures for humans to look at (not compared): test-results/screens/*.png */

test('login page, Thai and English', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: TH.staffTitle })).toBeVisible();
  await shoot(page, 'login-th');

  await page.getByRole('button', { name: TH.language }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'English' })).toBeHidden();
  await shoot(page, 'login-en');
});

test('main menu, dashboard and the open bell', async ({ page }) => {
  await signIn(page, USERS.admin);
  await expect(page.getByRole('heading', { level: 1, name: 'สวัสดี คุณสมชาย ใจดี' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: TH.mainMenu }).getByRole('link')).not.toHaveCount(0);
  await shoot(page, 'main-menu');

  await page.goto('/dashboard');
  await expect(page.getByText('บริษัท ไทยดิจิทัลเซอร์วิส จำกัด', { exact: true })).toBeVisible();
  await expect(page.getByText('การแจ้งเตือนล่าสุด')).toBeVisible();
  await shoot(page, 'dashboard');

  await bellButton(page).click();
  await expect(page.getByTestId('notification-panel').getByRole('button')).toHaveCount(5);
  await shoot(page, 'bell-open');
});

test('forbidden (viewer on risk management)', async ({ page }) => {
  await signIn(page, USERS.viewer);
  await page.goto('/risk-management/event');
  await expect(page).toHaveURL('/forbidden');
  await expect(page.getByRole('heading', { level: 1, name: TH.forbidden })).toBeVisible();
  await shoot(page, 'forbidden');
});

test('404', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL('/404');
  await expect(page.getByRole('heading', { level: 1, name: TH.notFound })).toBeVisible();
  await shoot(page, 'not-found');
});
