// self-hosted Thai font: the browser fetches only the subsets a page uses (unicode-range), never a CDN
import '@fontsource/sarabun/400.css';
import '@fontsource/sarabun/500.css';
import '@fontsource/sarabun/700.css';

/**
 * The entry: small, so that nothing runs before the page's first paint. The server draws the sign-in
 * and public pages' first paint into the page (server/http/firstPaint.ts, `#first-paint`); the
 * application's code (src/boot.tsx: React, MUI, the page's bundle) is fetched and run once that text
 * is on the screen in its font, not before: a phone shows the page's heading and text first, instead
 * of after it has fetched, parsed and run 300 KB of scripts. (Other pages fetch the code at once,
 * beside this, by the page's modulepreload links.)
 */
const boot = () => import('./boot');

const nextFrame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));

async function afterFirstPaint() {
  // laid out once: the first paint's faces are asked for; then drawn once they have come (capped: a slow font never holds the page back for long)
  await nextFrame();
  await Promise.race([document.fonts.load('1em "Sarabun first paint"', 'กa'), new Promise((done) => setTimeout(done, 1000))]).catch(() => undefined);
  await nextFrame();
}

void (document.getElementById('first-paint') ? afterFirstPaint().then(boot) : boot());
