import type { Page } from '@playwright/test';

/**
 * What a reader cannot read whole on the screen now: a text cut by its own box
 * (an ellipsis or hidden overflow) without a tooltip or accessible name holding all of it, a field's
 * label running under its select's arrow, an e-mail address broken inside its name or domain.
 * Runs in the page; returns one line per problem.
 */
export function cutTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const text = [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();
      if (!text || !visible(el)) continue;
      const style = getComputedStyle(el);
      const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
      if (!clips || el.scrollWidth <= el.clientWidth + 1) continue;
      // unavoidable truncation is fine when the whole text is in a tooltip or the accessible name
      const named = el.closest('[title], [aria-label]');
      const whole = named?.getAttribute('title') ?? named?.getAttribute('aria-label') ?? '';
      if (whole.includes(text)) continue;
      problems.push(`cut: "${text}" (${el.scrollWidth}px in ${el.clientWidth}px)`);
    }
    for (const icon of document.querySelectorAll('.MuiSelect-icon')) {
      const label = icon.closest('.MuiFormControl-root')?.querySelector('label.MuiInputLabel-root:not(.MuiInputLabel-shrink)');
      if (label && visible(label) && label.getBoundingClientRect().right > icon.getBoundingClientRect().left + 1) {
        problems.push(`label under the arrow: "${label.textContent}"`);
      }
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const address = /[^\s@·]+@[^\s@·]+\.[^\s@·]+/.exec(node.textContent ?? '');
      if (!address) continue;
      const range = document.createRange();
      range.setStart(node, address.index);
      range.setEnd(node, address.index + address[0].length);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1) problems.push(`e-mail broken: "${address[0]}"`);
    }
    return problems;
  });
}
