import { expect, test } from '@playwright/test';
import { USERS, bellButton, signIn, unreadBadge } from './helpers';

// Read marks are stored per user on the server and the suite shares one database: the DEMO admin's
// notifications are only looked at, the one that gets clicked belongs to the SIAM admin.

test('the bell shows the unread count and lists at most 5 items in a 230px panel, in the Buddhist era', async ({ page }) => {
  await signIn(page, USERS.admin);
  const bell = bellButton(page);
  await expect(bell.locator('.MuiBadge-badge')).toHaveText('5');
  await expect(bell).toHaveAccessibleName('การแจ้งเตือน 5 รายการที่ยังไม่ได้อ่าน');

  await bell.click();
  const panel = page.getByTestId('notification-panel');
  await expect(panel).toBeVisible();
  const items = panel.getByRole('button');
  await expect(items.first()).toBeVisible();
  expect(await items.count()).toBeLessThanOrEqual(5);
  await expect(items).toHaveCount(5);
  expect(await panel.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('230px');
  expect((await panel.boundingBox())!.height).toBeLessThanOrEqual(230);

  // newest first: the admin's own "evaluation finished", then the company-wide ones
  await expect(items.first()).toContainText('การประเมินความเสี่ยง "ประเมินความเสี่ยงประจำปี 2569" เสร็จสิ้นแล้ว');
  // every date is in the Buddhist era (25xx), never the Gregorian year
  const gregorian = String(new Date().getFullYear());
  for (const text of await items.allInnerTexts()) {
    const date = text.split('\n').at(-1)!;
    expect(date).toMatch(/25\d\d/);
    expect(date).not.toContain(gregorian);
  }
  await expect(page.getByRole('button', { name: 'ทำเครื่องหมายว่าอ่านแล้วทั้งหมด' })).toBeVisible();
});

test('clicking a notification marks it read and the badge count goes down', async ({ page }) => {
  await signIn(page, USERS.siamAdmin);
  const bell = bellButton(page);
  await expect(bell.locator('.MuiBadge-badge')).toHaveText(/^\d+$/);
  const before = await unreadBadge(page);
  expect(before).toBeGreaterThan(0);

  await bell.click();
  const panel = page.getByTestId('notification-panel');
  // the first unread item (its text is bold)
  const items = panel.getByRole('button');
  await expect(items.first()).toBeVisible();
  const weights = await items.evaluateAll((els) =>
    els.map((el) => getComputedStyle(el.querySelector('.MuiListItemText-primary')!).fontWeight),
  );
  const index = weights.findIndex((w) => Number(w) >= 700);
  expect(index).toBeGreaterThanOrEqual(0);
  await items.nth(index).click();
  await expect(panel).toBeHidden();

  await expect.poll(() => unreadBadge(page)).toBe(before - 1);
  await expect(bell).toHaveAccessibleName(
    before - 1 ? `การแจ้งเตือน ${before - 1} รายการที่ยังไม่ได้อ่าน` : 'การแจ้งเตือน',
  );
  // and it is shown as read from now on
  await bell.click();
  await expect
    .poll(() => items.nth(index).locator('.MuiListItemText-primary').evaluate((el) => getComputedStyle(el).fontWeight))
    .toBe('400');
});
