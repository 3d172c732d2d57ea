import { afterEach, describe, expect, it } from 'vitest';
import { documentTitle, pageNameOf, watchDocumentTitle } from './documentTitle';

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** The tab's title names the page and the product in the chosen language. */
describe('document title', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('takes the top bar title first, else the first heading', () => {
    document.body.innerHTML = '<h1>สวัสดี</h1><span id="react-admin-title"> การบริหารความเสี่ยง </span>';
    expect(pageNameOf(document)).toBe('การบริหารความเสี่ยง');
    document.body.innerHTML = '<main><h1>ติดตามคำขอ</h1></main>';
    expect(pageNameOf(document)).toBe('ติดตามคำขอ');
    expect(documentTitle('ติดตามคำขอ', 'PDPA')).toBe('ติดตามคำขอ · PDPA');
    expect(documentTitle(undefined, 'PDPA')).toBe('PDPA');
  });

  it('follows the screen and the language as they change', async () => {
    let product = 'ระบบ PDPA';
    const stop = watchDocumentTitle(() => product);
    document.body.innerHTML = '<span id="react-admin-title">แดชบอร์ด</span>';
    await frame();
    expect(document.title).toBe('แดชบอร์ด · ระบบ PDPA');
    product = 'PDPA Back Office';
    document.getElementById('react-admin-title')!.textContent = 'Dashboard';
    document.documentElement.lang = 'en';
    await frame();
    expect(document.title).toBe('Dashboard · PDPA Back Office');
    stop();
  });
});
