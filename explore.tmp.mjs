import { chromium } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
const base = 'http://127.0.0.1:4118';
const [,, user='admin', pass='admin1234', lang='th', ...paths] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const ctx = await browser.newContext({ locale: 'th-TH', timezoneId: 'Asia/Bangkok', viewport: { width: 1280, height: 800 } });
const page = await ctx.newPage();
await page.goto(base + '/login');
await page.evaluate((l) => localStorage.setItem('pdpa.locale', l), lang);
await page.goto(base + '/login');
if (user !== 'none') {
await page.locator('input[name=companyCode]').fill('DEMO');
await page.locator('input[name=username]').fill(user);
await page.locator('input[name=password]').fill(pass);
await page.locator('button[type=submit]').click();
await page.waitForURL(base + '/');
}
for (const p of paths) {
  await page.goto(base + p);
  await page.waitForTimeout(2500);
  const name = (user + '-' + lang + p).replace(/[^a-z0-9]+/gi, '_');
  await page.screenshot({ path: `/tmp/ux/${name}.png`, fullPage: true });
  const r = await new AxeBuilder({ page }).analyze();
  const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  console.log(p, 'title=', await page.title(), 'url=', page.url(), 'axe:', bad.map((v) => `${v.id}(${v.nodes.length}) ${v.nodes.slice(0,2).map(n=>n.target.join(' ')).join(' | ')}`).join('; '));
}
await browser.close();
