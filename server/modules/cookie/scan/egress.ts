import http from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import { guardedLookup } from '../../../http/outboundUrl';

/**
 * The scanner's only way out: Chromium is started with this local proxy as its proxy for every
 * request (loopback included), so each connection — a page, a script, a redirect's next hop, a
 * WebSocket — is made here, through `guardedLookup`: a name that resolves to a private or loopback
 * address is refused when the connection is opened, whatever the site's pages ask for. Outside
 * tests (`allowPrivate`) only ports 80 and 443 are reached. It also counts the bytes received, so a
 * scan stops at its budget.
 */
export interface Egress {
  /** `http://127.0.0.1:<port>` */
  server: string;
  /** bytes received from the sites so far */
  received(): number;
  /** the hosts refused (private, loopback, another port) */
  refused(): string[];
  close(): Promise<void>;
}

export async function startEgress(allowPrivate: boolean, maxBytes: number): Promise<Egress> {
  let bytes = 0;
  const refused = new Set<string>();
  const sockets = new Set<Socket>();
  const lookup = guardedLookup(allowPrivate) as unknown as net.LookupFunction;
  const portAllowed = (port: number) => allowPrivate || port === 80 || port === 443;
  const count = (chunk: Buffer) => {
    bytes += chunk.length;
    return bytes <= maxBytes;
  };

  const server = http.createServer((req, res) => {
    // plain http: the request line names the whole address
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      return res.writeHead(400).end();
    }
    const port = Number(target.port || 80);
    if (target.protocol !== 'http:' || !portAllowed(port)) {
      refused.add(target.host);
      return res.writeHead(403).end();
    }
    const upstream = http.request(
      { host: target.hostname, port, path: target.pathname + target.search, method: req.method, headers: req.headers, lookup },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.rawHeaders);
        up.on('data', (chunk: Buffer) => (count(chunk) ? res.write(chunk) : up.destroy()));
        up.on('end', () => res.end());
        up.on('error', () => res.destroy());
      },
    );
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPRIVATE') refused.add(target.host);
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });

  // https and WebSockets: a tunnel to host:port
  server.on('connect', (req: http.IncomingMessage, client: Socket, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    const [host, portText] = splitHostPort(req.url ?? '');
    const port = Number(portText);
    if (!host || !Number.isInteger(port) || !portAllowed(port)) {
      refused.add(req.url ?? '');
      return client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
    }
    const upstream = net.connect({ host, port, lookup });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('connect', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.on('data', (chunk: Buffer) => (count(chunk) ? client.write(chunk) : (upstream.destroy(), client.destroy())));
      client.pipe(upstream);
    });
    upstream.on('end', () => client.end());
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPRIVATE') refused.add(host);
      client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server: `http://127.0.0.1:${port}`,
    received: () => bytes,
    refused: () => [...refused],
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** `host:port` or `[v6]:port`. */
function splitHostPort(text: string): [string, string] {
  const v6 = /^\[([^\]]+)\]:(\d+)$/.exec(text);
  if (v6) return [v6[1]!, v6[2]!];
  const i = text.lastIndexOf(':');
  return i > 0 ? [text.slice(0, i), text.slice(i + 1)] : [text, ''];
}
