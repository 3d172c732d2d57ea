import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUBLIC_API } from '../../contract/publicPaths';
import { PUBLIC_PAGES, firstReadOf } from './publicPages';
import { callApi, startEarlyRead } from '../../dataProvider/http';

const reply = () => new Response(JSON.stringify({ status: 200, form: { title: 'ฟอร์ม' } }), { headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe("a public page's first read", () => {
  it("is fetched once: the page's call takes the reply started with the page's code", async () => {
    const fetch = vi.fn(async () => reply());
    vi.stubGlobal('fetch', fetch);
    startEarlyRead(PUBLIC_API.dsrForm('f-1'));
    expect(fetch).toHaveBeenCalledTimes(1);
    await expect(callApi(PUBLIC_API.dsrForm('f-1'))).resolves.toMatchObject({ form: { title: 'ฟอร์ม' } });
    expect(fetch).toHaveBeenCalledTimes(1);
    // taken once: a later read (a retry, another visit) asks the server again
    await callApi(PUBLIC_API.dsrForm('f-1'));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('is never taken by a write or by another address', async () => {
    const fetch = vi.fn(async () => reply());
    vi.stubGlobal('fetch', fetch);
    startEarlyRead(PUBLIC_API.consentForm('ref', 'f-2'));
    await callApi(PUBLIC_API.consentForm('ref', 'f-2'), { method: 'POST', body: {} });
    await callApi(PUBLIC_API.consentForm('ref', 'f-3'));
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("is the reply the server sent inside the page with its first paint, when it is this read's: no fetch, taken once", async () => {
    const fetch = vi.fn(async () => reply());
    vi.stubGlobal('fetch', fetch);
    const sent = document.createElement('script');
    sent.type = 'application/json';
    sent.id = 'first-read';
    sent.dataset.path = PUBLIC_API.dsrForm('f-4');
    sent.textContent = JSON.stringify({ status: 200, form: { title: 'จากเซิร์ฟเวอร์ </script>' } });
    document.body.append(sent);
    // another page's read does not take it
    startEarlyRead(PUBLIC_API.dsrForm('f-5'));
    expect(fetch).toHaveBeenCalledTimes(1);
    startEarlyRead(PUBLIC_API.dsrForm('f-4'));
    expect(fetch).toHaveBeenCalledTimes(1);
    await expect(callApi(PUBLIC_API.dsrForm('f-4'))).resolves.toMatchObject({ form: { title: 'จากเซิร์ฟเวอร์ </script>' } });
    expect(document.getElementById('first-read')).toBeNull();
    startEarlyRead(PUBLIC_API.dsrForm('f-4'));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('is the read the page makes, decoded from its address as the router decodes it', () => {
    const page = (path: string) => PUBLIC_PAGES.find((p) => p.path === path)!;
    expect(firstReadOf(page('/datasubject/form/:formId'), '/datasubject/form/a%20b')).toBe(PUBLIC_API.dsrForm('a b'));
    expect(firstReadOf(page('/consent/form/:formRef/:formId'), '/consent/form/r/f/')).toBe(PUBLIC_API.consentForm('r', 'f'));
    expect(firstReadOf(page('/privacy-policy/:companyId/:formId'), '/privacy-policy/c/f')).toBe(PUBLIC_API.privacyPolicy('c', 'f'));
    expect(firstReadOf(page('/datasubject/form/:formId'), '/datasubject/form/%E0%A4%A')).toBeUndefined();
    expect(firstReadOf(page('/dsrtracking'), '/dsrtracking')).toBeUndefined();
  });

  it("names the texts the page asks for (its useTexts), so they arrive with the page's code", () => {
    const root = join(__dirname, '../..');
    const list = readFileSync(join(root, 'src/pages/publicPages.ts'), 'utf8');
    for (const page of PUBLIC_PAGES) {
      const entry = list.slice(list.indexOf(`path: '${page.path}'`));
      const source = /import\('([^']+)'\)/.exec(entry)?.[1];
      expect(source, page.path).toBeTruthy();
      const text = readFileSync(join(root, 'src/pages', `${source}.tsx`), 'utf8');
      const asked = [...text.matchAll(/useTexts\(([^)]*)\)/g)].flatMap((m) => m[1].match(/'[a-z]+'/g) ?? []).map((s) => s.slice(1, -1));
      expect(page.texts.sort(), page.path).toEqual([...new Set(asked)].sort());
    }
  });
});
