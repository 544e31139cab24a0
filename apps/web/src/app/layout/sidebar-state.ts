import { useCallback, useEffect, useState } from 'react';
import { readCookie, writeCookie } from '../../lib/cookies';

const COOKIE = 'sidebar_state';
const SEVEN_DAYS = 60 * 60 * 24 * 7;

/** Sidebar expanded or collapsed, kept in a cookie for 7 days (spec §4); Ctrl/Meta+b toggles it. */
export function useSidebarState() {
  const [isOpen, setIsOpen] = useState(() => readCookie(COOKIE) !== 'false');
  const [isMobileOpen, setIsMobileOpen] = useState(false);

  const setOpen = useCallback((open: boolean) => {
    setIsOpen(open);
    writeCookie(COOKIE, String(open), SEVEN_DAYS);
  }, []);

  const toggle = useCallback(() => {
    if (window.matchMedia('(max-width: 767px)').matches) {
      setIsMobileOpen((open) => !open);
      return;
    }
    setIsOpen((open) => {
      writeCookie(COOKIE, String(!open), SEVEN_DAYS);
      return !open;
    });
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'b' && (event.ctrlKey || event.metaKey) && !event.altKey) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  return { isOpen, setOpen, toggle, isMobileOpen, setIsMobileOpen };
}
