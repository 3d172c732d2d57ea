import { chromium } from 'playwright';
import { cutTexts } from '../tests/e2e/cutText';
const base = 'http://127.0.0.1:4200';
const screens = (process.env.PAGES ?? '/dashboard,/settings/contacts/list,/settings/audit,/consents/create,/consents/manage/list,/consents/datasubject/list,/ropa/dashboard,/databreach,/dpo/list,/risk-management/event,/sheets/list,/data-manage/list').split(',');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await (await browser.newContext({ locale: 'th-TH', timezoneId: 'Asia/Bangkok' })).newPage();
await page.addInitScript(() => { (window as any).__name = (f: unknown) => f; });
await page.goto(base + '/login');
await page.locator('input[name=companyCode]').fill('DEMO');
await page.locator('input[name=username]').fill('admin');
await page.locator('input[name=password]').fill('admin1234');
await page.locator('button[type=submit]').click();
await page.waitForURL((u) => u.pathname === '/');
for (const lang of (process.env.LANGS ?? 'th,en').split(',')) {
  await page.evaluate((l) => localStorage.setItem('pdpa.locale', l), lang);
  for (const width of (process.env.WIDTHS ?? '1280,1024,390').split(',').map(Number)) {
    await page.setViewportSize({ width, height: 900 });
    for (const s of screens) {
      await page.goto(base + s);
      await page.locator('h1, h2, [role=tab], tbody tr').first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      if (process.env.SHOT) await page.screenshot({ path: `/tmp/home-scratch/shots/${lang}-${width}${s.replace(/\//g, '_')}.png`, fullPage: true });
      for (const p of await cutTexts(page)) console.log(lang, width, s, p);
    }
    if (width === 390) {
      if (!(await page.locator('.MuiDrawer-paper a').first().isVisible())) await page.getByRole('button', { name: /^(เปิดเมนู|Open menu|ปิดเมนู|Close menu)$/ }).click();
      await page.locator('.MuiDrawer-paper a').first().waitFor();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `/tmp/home-scratch/shots/${lang}-390-sidebar.png` });
      for (const p of await cutTexts(page)) console.log(lang, width, 'sidebar', p);
    }
  }
}
await browser.close();
