import { useEffect } from 'react';
import { useLocaleState } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { readSession } from '../auth/session';
import { pageNameOf } from '../i18n/documentTitle';
import { menuKeyOfPage, rememberPage, type TitleLang } from './recentMenus';

/**
 * Remembers each page the person opens, for the main menu's recent pages: at once with its module,
 * then with its title as the page shows it (the top bar's title is drawn just after the page, and
 * again when the language changes while it is open).
 */
export function useRememberMenu() {
  const { pathname, search } = useLocation();
  const [locale] = useLocaleState();
  const userId = readSession()?.user._id;
  useEffect(() => {
    const menu = menuKeyOfPage(pathname);
    if (!menu || !userId) return;
    const lang: TitleLang = locale === 'en' ? 'en' : 'th';
    const path = pathname + search;
    rememberPage(userId, { path, menu, lang });
    let kept: string | undefined;
    let frame = 0;
    const keepTitle = () => {
      frame = 0;
      const title = pageNameOf(document);
      if (!title || title === kept) return;
      kept = title;
      rememberPage(userId, { path, menu, lang, title });
    };
    const observer = new MutationObserver(() => {
      if (!frame) frame = requestAnimationFrame(keepTitle);
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    keepTitle();
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [pathname, search, locale, userId]);
}
