import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { menuEntryFor, rememberMenu } from './recentMenus';
import { useServerMenu } from './useServerMenu';

/** Remembers each visited menu entry, for the main menu's shortcuts. */
export function useRememberMenu() {
  const { menu } = useServerMenu();
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname === '/' || pathname === '/forbidden') return;
    const entry = menuEntryFor(menu, pathname);
    if (entry) rememberMenu(entry.menuId);
  }, [menu, pathname]);
}
