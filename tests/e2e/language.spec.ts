import { expect, test } from '@playwright/test';
import { TH, USERS, chooseLanguage, sidebar, signIn } from './helpers';

/** Opens the language menu (its label is in the current language) and picks one. */

test('English turns the shell and the main menu into English, survives a reload, and Thai comes back', async ({ page }) => {
  await signIn(page, USERS.admin);
  await expect(page.getByRole('heading', { level: 1, name: 'สวัสดี คุณสมชาย ใจดี' })).toBeVisible();
  await expect(sidebar(page).getByRole('menuitem', { name: TH.riskManagement })).toBeVisible();

  await chooseLanguage(page, 'English');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, สมชาย ใจดี' })).toBeVisible();
  await expect(page.getByText('Choose what you want to work on')).toBeVisible();
  await expect(sidebar(page).getByRole('menuitem', { name: 'Main menu' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change language' })).toHaveText('English');

  // after a reload: still English, the server's menu names (sidebar and tiles) included
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, สมชาย ใจดี' })).toBeVisible();
  await expect(sidebar(page).getByRole('menuitem', { name: 'Risk management' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Risk management' })).toBeVisible();
  await expect(page.getByText(TH.riskManagement)).toHaveCount(0);

  await chooseLanguage(page, 'ไทย');
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(page.getByRole('heading', { level: 1, name: 'สวัสดี คุณสมชาย ใจดี' })).toBeVisible();
  await expect(page.getByRole('button', { name: TH.userMenu })).toBeVisible();

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(sidebar(page).getByRole('menuitem', { name: TH.riskManagement })).toBeVisible();
  await expect(page.getByText('Risk management')).toHaveCount(0);
});

test('switching the language renames the sidebar and the main menu tiles at once', async ({ page }) => {
  await signIn(page, USERS.admin);
  await expect(sidebar(page).getByRole('menuitem', { name: TH.riskManagement })).toBeVisible();
  await chooseLanguage(page, 'English');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, สมชาย ใจดี' })).toBeVisible();
  await expect(sidebar(page).getByRole('menuitem', { name: 'Risk management' })).toBeVisible({ timeout: 5_000 });
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Risk management' })).toBeVisible({ timeout: 1_000 });
});

test('English on the login page, kept after a reload; Thai back again', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: TH.staffTitle })).toBeVisible();

  await chooseLanguage(page, 'English');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  await expect(page.getByLabel('Company code')).toBeVisible();
  await page.locator('button[type=submit]').click();
  await expect(page.getByText('Please enter the Company code', { exact: false })).toBeVisible();

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();

  await chooseLanguage(page, 'ไทย');
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(page.getByRole('heading', { level: 1, name: TH.staffTitle })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: TH.staffTitle })).toBeVisible();
});

test('switching the language on the login page keeps what was typed and the errors shown', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('รหัสบริษัท').fill('DEMO');
  await page.getByLabel('ชื่อผู้ใช้').fill('admin');
  await page.locator('button[type=submit]').click();
  await expect(page.getByText('กรุณากรอกรหัสผ่าน')).toBeVisible();
  await chooseLanguage(page, 'English');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  await expect(page.getByLabel('Company code')).toHaveValue('DEMO');
  await expect(page.getByLabel('Username')).toHaveValue('admin');
  await expect(page.getByText('Please enter the Password', { exact: false })).toBeVisible();
  await chooseLanguage(page, 'ไทย');
  await expect(page.getByLabel('ชื่อผู้ใช้')).toHaveValue('admin');
});

test('English chosen while signed in is kept on the next page load', async ({ page }) => {
  await signIn(page, USERS.admin);
  await chooseLanguage(page, 'English');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, สมชาย ใจดี' })).toBeVisible();
  // a new visit to the application in the same browser keeps the choice
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Latest notifications' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(sidebar(page).getByRole('menuitem', { name: 'Dashboard' })).toHaveClass(/RaMenuItemLink-active/);
});

test('English chosen while signed in is still the language of the login page after logout and a reload', async ({ page }) => {
  await signIn(page, USERS.admin);
  await chooseLanguage(page, 'English');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, สมชาย ใจดี' })).toBeVisible();
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: /^(Logout|Sign out)$/ }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible({ timeout: 3_000 });
});
