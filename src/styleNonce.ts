import createCache from '@emotion/cache';

/**
 * The page's Content-Security-Policy allows a style only with the nonce the server gave this page
 * (no 'unsafe-inline'): the server writes it into index.html's `<meta property="csp-nonce">` (Vite's
 * `html.cspNonce` placeholder, server/http/securityHeaders.ts), and emotion — MUI's and react-admin's
 * styles — puts it on every `<style>` it adds. The browser hides the attribute; `.nonce` still reads it.
 */
export function styleNonce(): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || undefined;
  // the dev server (vite) serves the placeholder itself, and sends no policy
  return nonce && !nonce.startsWith('__') ? nonce : undefined;
}

/** emotion's cache for the whole page, its styles carrying the nonce. */
export const emotionCache = createCache({ key: 'css', nonce: styleNonce() });
