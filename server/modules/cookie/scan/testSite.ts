import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small website for the scanner's tests, on 127.0.0.1 (named `localhost:<port>`), whose cookies are
 * known: `site_session` by header on the first page and `_ga` by its script (before any consent), `_fbp`
 * by a third party's script (another server, `127.0.0.1:<port>`), `ls_pref` in localStorage,
 * `_hjSession_1` in sessionStorage on /about, `hidden_cookie` by header on a page only the sitemap
 * names, and `pdpa_cc` + `after_consent` once the banner's "accept all" (`button[data-act=accept]` in
 * an open shadow root, as the product's banner has) is pressed.
 */
export interface TestSite {
  host: string;
  thirdHost: string;
  close(): void;
}

const page = (body: string) => `<!doctype html><html lang="th"><head><meta charset="utf-8"><title>t</title></head><body>${body}</body></html>`;

function listen(server: http.Server) {
  return new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(String((server.address() as AddressInfo).port))));
}

export async function startTestSite(): Promise<TestSite> {
  const third = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/javascript' });
    // a pixel's script: a first-party cookie set by script, as Meta's does
    res.end(`document.cookie = "_fbp=fb.1.1.1; max-age=7776000; path=/";`);
  });
  const thirdHost = `127.0.0.1:${await listen(third)}`;
  let host = '';
  const site = http.createServer((req, res) => {
    const html = (body: string, headers: Record<string, string | string[]> = {}) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers });
      res.end(page(body));
    };
    switch (req.url) {
      case '/':
        return html(
          `<a href="/about">about</a> <a href="/about#team">team</a> <a href="http://elsewhere.invalid/">away</a>
           <div id="banner"></div>
           <script>
             document.cookie = "_ga=GA1.1.123.456; max-age=63072000; path=/";
             localStorage.setItem("ls_pref", "1");
             const root = document.getElementById("banner").attachShadow({ mode: "open" });
             const b = document.createElement("button");
             b.setAttribute("data-act", "accept");
             b.textContent = "ยอมรับทั้งหมด";
             b.onclick = () => { document.cookie = "pdpa_cc=all; max-age=31536000; path=/"; document.cookie = "after_consent=1; path=/"; };
             root.appendChild(b);
           </script>
           <script src="http://${thirdHost}/pixel.js"></script>`,
          { 'set-cookie': ['site_session=abc; Path=/; HttpOnly'] },
        );
      case '/about':
        return html(`<a href="/">home</a><script>sessionStorage.setItem("_hjSession_1", "x")</script>`);
      case '/hidden':
        return html('only the sitemap names me', { 'set-cookie': ['hidden_cookie=1; Path=/; Max-Age=86400'] });
      case '/sitemap.xml':
        res.writeHead(200, { 'content-type': 'application/xml' });
        return res.end(`<?xml version="1.0"?><urlset><url><loc>http://${host}/hidden</loc></url></urlset>`);
      default:
        res.writeHead(404).end();
    }
  });
  host = `localhost:${await listen(site)}`;
  return {
    host,
    thirdHost,
    close: () => {
      site.close();
      third.close();
    },
  };
}
