import { describe, expect, it } from 'vitest';
import { ROUTES, findRoute } from '../routing/routeTable';
import { PUBLIC_PAGES, publicPageOf } from './publicPages';

describe('the public pages loaded without the application', () => {
  it('are public routes of the route table', () => {
    for (const page of PUBLIC_PAGES) expect(ROUTES).toContainEqual({ path: page.path, access: 'public' });
  });

  it.each([
    ['/dsrtracking', '/dsrtracking'],
    ['/dsrtracking/', '/dsrtracking'],
    ['/datasubject/form/26cc62ea-642c-411d-9333-d133193c7cea', '/datasubject/form/:formId'],
    ['/consent/form/yIv4VhMAR7XU/a8aa3cc9-80b0-4490-9bb3-9efabe2f75cf', '/consent/form/:formRef/:formId'],
    ['/privacy-policy/8fed7788-2d03-4746-ab96-d9c19d53c74f/a8aa3cc9-80b0-4490-9bb3-9efabe2f75cf', '/privacy-policy/:companyId/:formId'],
    ['/certificate/ABCD-EFGH-JKLM', '/certificate/:code'],
    ['/preferences/8fed7788-2d03-4746-ab96-d9c19d53c74f', '/preferences/:companyId'],
  ])('%s is the page %s, as the route table says', (url, path) => {
    expect(publicPageOf(url)?.path).toBe(path);
    expect(findRoute(url.replace(/\/$/, ''))?.path).toBe(path);
  });

  it.each([
    '/',
    '/login',
    '/dashboard',
    '/consents/datasubject/form',
    '/datasubject/form',
    '/datasubject/form/a/b',
    '/consent/form/only-ref',
    '/privacy-policy/x',
    '/term-condition',
  ])('%s loads the application or the sign-in bundle', (url) => expect(publicPageOf(url)).toBeUndefined());
});
