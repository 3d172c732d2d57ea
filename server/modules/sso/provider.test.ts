import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { guardedFetch } from '../../http/outboundUrl';
import { endpointRefusal, issuerRefusal } from './provider';

describe("the single sign-on provider's addresses (the server fetches them)", () => {
  it('refuses an issuer that is not https, or inside the network, unless SSO_ALLOW_HTTP is on', () => {
    expect(issuerRefusal('https://login.example.com/tenant/v2.0', false)).toBeUndefined();
    expect(issuerRefusal('not a url', false)).toBe('sso_issuer_invalid');
    expect(issuerRefusal('ftp://idp.example.com', true)).toBe('sso_issuer_invalid');
    expect(issuerRefusal('https://user:pw@idp.example.com', false)).toBe('sso_issuer_invalid');
    expect(issuerRefusal('http://idp.example.com', false)).toBe('sso_issuer_https');
    for (const inside of ['https://127.0.0.1:8443', 'https://localhost', 'https://idp.localhost', 'https://192.168.1.10', 'https://[fd00::1]'])
      expect(issuerRefusal(inside, false), inside).toBe('sso_issuer_private');
    expect(issuerRefusal('http://127.0.0.1:4000', true)).toBeUndefined();
  });

  it('names the first endpoint of a discovery document that points inside the network or off https', () => {
    const good = {
      authorization_endpoint: 'https://idp.example.com/authorize',
      token_endpoint: 'https://idp.example.com/token',
      userinfo_endpoint: 'https://idp.example.com/userinfo',
      jwks_uri: 'https://idp.example.com/jwks',
    };
    expect(endpointRefusal(good, false)).toBeUndefined();
    expect(endpointRefusal({ ...good, userinfo_endpoint: undefined }, false)).toBeUndefined();
    expect(endpointRefusal({ ...good, token_endpoint: 'https://169.254.169.254/latest/meta-data' }, false)).toBe('token_endpoint');
    expect(endpointRefusal({ ...good, jwks_uri: 'http://idp.example.com/jwks' }, false)).toBe('jwks_uri');
    expect(endpointRefusal({ ...good, userinfo_endpoint: 'https://10.0.0.7/userinfo' }, false)).toBe('userinfo_endpoint');
    expect(endpointRefusal({ ...good, authorization_endpoint: 'https://localhost/authorize' }, false)).toBe('authorization_endpoint');
    expect(endpointRefusal({ ...good, token_endpoint: 42 }, false)).toBe('token_endpoint');
    expect(endpointRefusal({ ...good, token_endpoint: 'http://127.0.0.1:4000/token' }, true)).toBeUndefined();
  });

  it('fetches through the guard: an address inside is refused before any connection, allowed only when switched on', async () => {
    let hits = 0;
    const server = createServer((req, res) => {
      hits++;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ method: req.method }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/openid-configuration`;
    try {
      await expect(guardedFetch(false)(url, { method: 'GET', headers: {} })).rejects.toThrow(/may not be fetched \(https\)/);
      await expect(guardedFetch(false)(url.replace('http:', 'https:'), { method: 'GET', headers: {} })).rejects.toThrow(/\(private\)/);
      expect(hits).toBe(0);
      const reply = await guardedFetch(true)(url, { method: 'POST', headers: { accept: 'application/json' }, body: new URLSearchParams({ a: '1' }) });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toBe('application/json');
      expect(await reply.json()).toEqual({ method: 'POST' });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
