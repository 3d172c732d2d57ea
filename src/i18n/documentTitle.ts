/**
 * The browser tab's title, `<page> · <product>` in the chosen language, for every shell (the
 * application, the sign-in pages, the public pages). The page's name is what the screen itself
 * shows as its title: react-admin's title in the top bar, else the page's first heading; so a new
 * module's screens are named without any code of theirs.
 */
export function pageNameOf(doc: Document): string | undefined {
  const barTitle = doc.getElementById('react-admin-title')?.textContent?.trim();
  if (barTitle) return barTitle;
  return doc.querySelector('h1')?.textContent?.trim() || undefined;
}

export function documentTitle(pageName: string | undefined, product: string): string {
  return pageName && pageName !== product ? `${pageName} · ${product}` : product;
}

/** Keeps `document.title` in step with the screen (its content and the language) from now on. */
export function watchDocumentTitle(product: () => string): () => void {
  let scheduled = false;
  const update = () => {
    scheduled = false;
    const next = documentTitle(pageNameOf(document), product());
    if (document.title !== next) document.title = next;
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(update);
  };
  const observer = new MutationObserver(schedule);
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  // the language switch sets <html lang>: the product's name changes language with it
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  schedule();
  return () => observer.disconnect();
}
