import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider, loginRedirect } from './authProvider';
import { clearSession, readSession, writeSession } from './session';
import { signinToken } from './signinToken';

const user = { _id: 'u1', firstname: 'สมชาย', lastname: 'ใจดี', username: 'admin', companyCode: 'DEMO' };

function replyWith(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

describe('authProvider', () => {
  beforeEach(() => clearSession());
  afterEach(() => vi.unstubAllGlobals());

  it('derives the sign-in token as hex SHA-256 of the timestamp', async () => {
    expect(await signinToken(1700000000000)).toBe('bc99b4bf100ad96cc4db80d1f6b724f9d17d0a1c19f011d908ee810fffda7484');
  });

  it('signs in with the timestamp token and keeps the session in a cookie', async () => {
    const fetchMock = replyWith(200, { status: 200, access_token: 'a'.repeat(64), user });
    vi.stubGlobal('fetch', fetchMock);
    await authProvider.login({ username: 'admin', password: 'admin1234', companyCode: 'DEMO' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const timestamp = url.match(/\/api\/v1\/user\/signin\/(\d+)$/)![1];
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe(`Token ${await signinToken(Number(timestamp))}`);
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    // the token stays in the server's HttpOnly cookie: scripts keep only who is signed in
    expect(readSession()).toEqual({ user });
    expect(document.cookie).toContain('pdpa_user=');
    expect(document.cookie).not.toContain('a'.repeat(64));
  });

  it("shows the server's message when sign-in fails", async () => {
    vi.stubGlobal('fetch', replyWith(401, { status: 401, msg: 'รหัสบริษัท ชื่อผู้ใช้ หรือรหัสผ่านไม่ถูกต้อง' }));
    await expect(authProvider.login({ username: 'x', password: 'y', companyCode: 'DEMO' })).rejects.toMatchObject({
      msg: 'รหัสบริษัท ชื่อผู้ใช้ หรือรหัสผ่านไม่ถูกต้อง',
    });
    expect(readSession()).toBeUndefined();
  });

  describe('canAccess (the server decides by the route menu)', () => {
    beforeEach(() => writeSession({ user }));

    it('asks validate with menuId and parentId and allows on status true', async () => {
      const fetchMock = replyWith(200, { status: true, forbidden: false, user });
      vi.stubGlobal('fetch', fetchMock);
      await expect(authProvider.canAccess!({ resource: '/settings/contacts/list', action: 'access' })).resolves.toBe(true);
      expect(String(fetchMock.mock.calls[0][0 as never])).toBe('/api/v1/user/validate?menuId=14&parentId=13');
    });

    it('refuses (forbidden) on 403 with forbidden true, keeping the session', async () => {
      vi.stubGlobal('fetch', replyWith(403, { status: false, forbidden: true }));
      await expect(authProvider.canAccess!({ resource: '/risk-management/event', action: 'access' })).resolves.toBe(false);
      expect(readSession()).toBeDefined();
    });

    it('signs out on 401 and throws', async () => {
      vi.stubGlobal('fetch', replyWith(401, { status: false, forbidden: false }));
      await expect(authProvider.canAccess!({ resource: '/dashboard', action: 'access' })).rejects.toMatchObject({ status: 401 });
      expect(readSession()).toBeUndefined();
    });

    it('does not ask for public routes', async () => {
      const fetchMock = replyWith(500, {});
      vi.stubGlobal('fetch', fetchMock);
      await expect(authProvider.canAccess!({ resource: '/term-condition', action: 'access' })).resolves.toBe(true);
      expect(fetchMock).not.toHaveBeenCalled();
    });
  });

  it('checkError: 401 signs out to login with the full path, 403 keeps the session and goes to /forbidden', async () => {
    const { ApiFailure } = await import('../../dataProvider/http');
    writeSession({ user });
    window.history.pushState({}, '', '/dashboard?x=1');
    await expect(authProvider.checkError(new ApiFailure(403, 'no', undefined))).rejects.toMatchObject({
      redirectTo: '/forbidden',
      logoutUser: false,
    });
    expect(readSession()).toBeDefined();
    await expect(authProvider.checkError(new ApiFailure(401, 'no', undefined))).rejects.toMatchObject({
      redirectTo: '/login?redirectFrom=%2Fdashboard%3Fx%3D1',
    });
    expect(readSession()).toBeUndefined();
  });

  it('redirects to plain /login from the main menu', () => {
    expect(loginRedirect('/')).toBe('/login');
    expect(loginRedirect('/risk-management/event?tab=2')).toBe('/login?redirectFrom=%2Frisk-management%2Fevent%3Ftab%3D2');
    // a screen's late 401 after the route guard already sent the visitor to the login page keeps its way back
    expect(loginRedirect('/login?redirectFrom=%2Fdashboard')).toBe('/login?redirectFrom=%2Fdashboard');
  });
});
