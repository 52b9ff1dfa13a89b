import { useLocation } from '@atrium/navigation';
import { useEffect, useRef } from 'react';

/** The page body's id, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/** How long a new page's heading is awaited (a remote's page may still be loading). */
export const HEADING_WAIT_MS = 3000;

/**
 * After a route change, focus goes to the new page, as a screen reader expects, not to <body> (or a
 * link that is gone): to its main heading (h1), or to <main> until the heading has rendered. The
 * heading takes focus later only while focus is still on <main>, so a client who moved on keeps
 * their place. Not the page the app starts on: the browser put focus there. Never scrolls.
 */
export function useFocusPageOnNavigate() {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname === first.current) return;
    first.current = '';
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    if (focusHeading(main)) return;
    main.focus({ preventScroll: true });
    const observer = new MutationObserver(() => {
      if (document.activeElement !== main || focusHeading(main)) stop();
    });
    const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}

/** Focuses the page's main heading, if it has rendered; says whether it did. */
function focusHeading(main: HTMLElement): boolean {
  const heading = main.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return true;
}
