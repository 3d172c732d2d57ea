import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { backoffAfter } from './worker';
import { isPrivateAddress } from '../../http/outboundUrl';
import { keptReply, postDelivery, signature, urlRefusal } from './send';

describe('webhook deliveries', () => {
  it('refuses in production any address inside (loopback, private, link-local, mapped), and plain http', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '203.0.113.9', '2606:4700::1111']) expect(isPrivateAddress(a), a).toBe(false);
    expect(urlRefusal('https://hooks.example.com/pdpa', false)).toBeNull();
    expect(urlRefusal('http://hooks.example.com/pdpa', false)).toBe('webhook_https');
    expect(urlRefusal('https://localhost/x', false)).toBe('webhook_private');
    expect(urlRefusal('https://[::1]/x', false)).toBe('webhook_private');
    expect(urlRefusal('https://169.254.169.254/latest/meta-data', false)).toBe('webhook_private');
    expect(urlRefusal('https://user:pw@example.com/x', false)).toBe('webhook_url');
    expect(urlRefusal('http://127.0.0.1:9/x', true)).toBeNull();
    // an IPv4 address inside IPv6 (written back by the parser as ::7f00:1), NAT64, 6to4
    expect(urlRefusal('https://[::127.0.0.1]/x', false)).toBe('webhook_private');
    for (const a of ['64:ff9b::a00:1', '2002:a00:1::1']) expect(isPrivateAddress(a), a).toBe(true);
  });

  it('signs "<t>.<body>" with the secret, and never connects to a name that resolves inside', async () => {
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature('whsec_x', '{"a":1}', 1700000000))!;
    expect(t).toBe('1700000000');
    expect(v1).toBe(createHmac('sha256', 'whsec_x').update('1700000000.{"a":1}').digest('hex'));
    let reached = 0;
    const server = createServer((_req, res) => {
      reached++;
      res.end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const { port } = server.address() as AddressInfo;
    try {
      // a name (not an address) checked only when connecting: localhost resolves to 127.0.0.1
      const refused = await postDelivery(`http://localhost:${port}/x`, '{}', { id: '1', event: 'ping', secret: 'whsec_x' }, false);
      expect(refused.status).toBeNull();
      expect(refused.reply).toMatch(/EPRIVATE/);
      const allowed = await postDelivery(`http://localhost:${port}/x`, '{}', { id: '1', event: 'ping', secret: 'whsec_x' }, true);
      expect(allowed).toEqual({ status: 200, reply: 'ok' });
      expect(reached).toBe(1);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('cuts a receiver that trickles its reply at the deadline, and keeps no NUL of a binary reply', async () => {
    const trickle = createTcpServer((socket) => {
      socket.write('HTTP/1.1 200 OK\r\n');
      // a byte of header every 50 ms: never silent long enough for an idle timeout
      const timer = setInterval(() => socket.write('X'), 50);
      socket.on('close', () => clearInterval(timer));
      socket.on('error', () => clearInterval(timer));
    });
    await new Promise<void>((r) => trickle.listen(0, '127.0.0.1', () => r()));
    const { port } = trickle.address() as AddressInfo;
    try {
      const started = Date.now();
      const cut = await postDelivery(`http://127.0.0.1:${port}/x`, '{}', { id: '1', event: 'ping', secret: 'whsec_x' }, true, 400);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(cut).toMatchObject({ status: null });
      expect(cut.reply).toMatch(/ETIMEDOUT|no reply/);
    } finally {
      await new Promise<void>((r) => trickle.close(() => r()));
    }
    expect(keptReply(`ok${String.fromCharCode(0)}\u00ff`)).toBe('ok\u00ff');
  });

  it('waits longer after each failed try', () => {
    expect([0, 1, 2, 3, 8, 20].map(backoffAfter)).toEqual([10, 10, 30, 120, 14400, 14400]);
  });
});
