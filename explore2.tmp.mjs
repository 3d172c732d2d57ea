import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:4118';
const [,, mode, ...paths] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const ctx = await browser.newContext({ locale: 'th-TH', timezoneId: 'Asia/Bangkok', viewport: { width: 1280, height: 800 } });
const page = await ctx.newPage();
await page.goto(base + '/login');
await page.locator('input[name=companyCode]').fill('DEMO');
await page.locator('input[name=username]').fill('admin');
await page.locator('input[name=password]').fill('admin1234');
await page.locator('button[type=submit]').click();
await page.waitForURL(base + '/');
const skip = /\/user\/(validate|menu|notification)|\/auth\//;
await page.route('**/api/v1/**', async (route) => {
  const u = route.request().url();
  if (mode === 'validate' && u.includes('/user/validate')) return route.abort();
  if (mode === 'fail' && !skip.test(u)) return route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":500,"msg":"boom"}' });
  if (mode === 'slow' && !skip.test(u)) { await new Promise(r => setTimeout(r, 4000)); }
  return route.continue();
});
for (const p of paths) {
  await page.goto(base + p);
  await page.waitForTimeout(mode === 'slow' ? 1500 : 3000);
  const name = (mode + p).replace(/[^a-z0-9]+/gi, '_');
  await page.screenshot({ path: `/tmp/ux/${name}.png`, fullPage: false });
  console.log(name);
}
await browser.close();
