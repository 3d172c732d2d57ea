import { expect, test } from '@playwright/test';
import { th } from '../../i18n';
import { USERS, bellButton, sessionFromCookie, signIn, unreadBadge } from './helpers';

// Read marks are stored per user on the server and the suite shares one database: the DEMO admin's
// notifications are only looked at, the one that gets clicked belongs to the SIAM admin.

test('the bell shows the unread count and lists at most 5 items in a 230px panel, in the Buddhist era', async ({ page }) => {
  await signIn(page, USERS.admin);
  // what the server says (the demo, the timed work and earlier specs all add notifications)
  const token = (await sessionFromCookie(page))!.access_token;
  const reply = await page.request.get('/api/v1/user/notification/list?currentPage=1&limit=5', {
    headers: { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' },
  });
  const { unread, notificationList } = (await reply.json()) as {
    unread: number;
    notificationList: { kind: keyof typeof th.notifications.kinds; params: Record<string, string | number> }[];
  };
  expect(unread).toBeGreaterThan(0);
  const bell = bellButton(page);
  await expect(bell.locator('.MuiBadge-badge')).toHaveText(String(unread));
  await expect(bell).toHaveAccessibleName(`การแจ้งเตือน ${unread} รายการที่ยังไม่ได้อ่าน`);

  await bell.click();
  const panel = page.getByTestId('notification-panel');
  await expect(panel).toBeVisible();
  const items = panel.getByRole('button');
  await expect(items.first()).toBeVisible();
  await expect(items).toHaveCount(Math.min(5, notificationList.length));
  expect(await panel.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('230px');
  expect((await panel.boundingBox())!.height).toBeLessThanOrEqual(230);

  // newest first, worded in Thai from the kind and its values
  const newest = notificationList[0];
  const text = Object.entries(newest.params).reduce((t, [k, v]) => t.replace(`%{${k}}`, String(v)), th.notifications.kinds[newest.kind] as string);
  await expect(items.first()).toContainText(text);
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
  const weights = await items.evaluateAll((els) => els.map((el) => getComputedStyle(el.querySelector('.MuiListItemText-primary')!).fontWeight));
  const index = weights.findIndex((w) => Number(w) >= 700);
  expect(index).toBeGreaterThanOrEqual(0);
  await items.nth(index).click();
  await expect(panel).toBeHidden();

  await expect.poll(() => unreadBadge(page)).toBe(before - 1);
  await expect(bell).toHaveAccessibleName(before - 1 ? `การแจ้งเตือน ${before - 1} รายการที่ยังไม่ได้อ่าน` : 'การแจ้งเตือน');
  // and it is shown as read from now on
  await bell.click();
  await expect
    .poll(() =>
      items
        .nth(index)
        .locator('.MuiListItemText-primary')
        .evaluate((el) => getComputedStyle(el).fontWeight),
    )
    .toBe('400');
});
