import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startEgress, type Egress } from './egress';

/** The scanner's egress proxy refuses, at connection time, what the browser may not reach. */
let egress: Egress | undefined;
afterEach(async () => {
  await egress?.close();
  egress = undefined;
});

const viaProxy = (e: Egress, options: http.RequestOptions) =>
  new Promise<number>((resolve, reject) => {
    const { port } = new URL(e.server);
    const req = http.request({ host: '127.0.0.1', port: Number(port), ...options });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('connect', (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });

describe('the scanner egress', () => {
  it('refuses a plain http request to a name that resolves to loopback', async () => {
    egress = await startEgress(false, 1024);
    expect(await viaProxy(egress, { path: 'http://localhost/private' })).toBe(502);
    expect(egress.refused()).toContain('localhost');
  });

  it('refuses a tunnel to loopback on 443, and one to any other port', async () => {
    egress = await startEgress(false, 1024);
    expect(await viaProxy(egress, { method: 'CONNECT', path: 'localhost:443' })).toBe(502);
    expect(await viaProxy(egress, { method: 'CONNECT', path: 'example.com:8443' })).toBe(403);
    expect(egress.refused()).toEqual(expect.arrayContaining(['localhost', 'example.com:8443']));
  });
});
