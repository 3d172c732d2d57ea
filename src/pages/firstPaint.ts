import { useLayoutEffect } from 'react';

/**
 * The server's first paint of the sign-in and public pages (server/http/firstPaint.ts): index.html
 * shows it, and hides `#root`, while it is there. The page takes it away once its own content is
 * ready to be drawn in its place, in the same frame (a layout effect), so the visitor sees the same
 * text throughout rather than a loading indicator in between.
 */
export function endFirstPaint() {
  document.getElementById('first-paint')?.remove();
}

/** Ends the first paint when `ready` (the page's content, or its failure, is rendered). */
export function useEndFirstPaint(ready: boolean) {
  useLayoutEffect(() => {
    if (ready) endFirstPaint();
  }, [ready]);
}
