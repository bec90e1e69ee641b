import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/**
 * A native `<details>` menu's closing rules once React runs: Escape closes it and hands the focus
 * back to its summary, a click outside closes it, and so does going to another page. Not on
 * mount: a menu opened before React started (the browser's own disclosure) stays open (issue 33
 * item 11).
 */
export function useDetailsDismiss(details: RefObject<HTMLDetailsElement | null>): void {
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (details.current) details.current.open = false;
  }, [details, pathname]);
  useEffect(() => {
    const close = (event: Event) => {
      const element = details.current;
      if (!element?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        element.open = false;
        element.querySelector('summary')?.focus();
      } else if (!element.contains(event.target as Node)) {
        element.open = false;
      }
    };
    document.addEventListener('keydown', close);
    document.addEventListener('click', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('click', close);
    };
  }, [details]);
}
