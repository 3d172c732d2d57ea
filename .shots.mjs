import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:4111';
const [user, pass, lang, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 }, locale: 'th-TH', timezoneId: 'Asia/Bangkok' });
await page.goto(base + '/login');
await page.locator('input[name=companyCode]').fill('DEMO');
await page.locator('input[name=username]').fill(user);
await page.locator('input[name=password]').fill(pass);
await page.locator('button[type=submit]').click();
await page.waitForURL((u) => u.pathname === '/');
if (lang === 'en') {
  await page.getByRole('button', { name: /^(เปลี่ยนภาษา|Change language)$/ }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
}
page.on('pageerror', (e) => console.log('PAGEERROR', e.message, e.stack?.split('\n').slice(0,5).join(' | ')));
page.on('console', (m) => m.type() === 'error' && console.log('CONSOLE', m.text().slice(0, 300)));
for (const p of paths) {
  await page.goto(base + p);
  await page.waitForTimeout(2500);
  const name = `${user}-${lang}-${p.replace(/[^a-z0-9]+/gi, '_')}`;
  await page.screenshot({ path: `/tmp/ropa-shots/${name}.png`, fullPage: true });
  console.log(name);
}
await browser.close();
