import { useLocation } from '@atrium/navigation';
import { useEffect, useRef } from 'react';

/**
 * A new page starts at the top, as a full page load would. Not the page the app starts on: the
 * browser placed it (at the top, or where a client who scrolled it before it was live left it).
 */
export function useScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname === first.current) return;
    first.current = '';
    window.scrollTo(0, 0);
  }, [pathname]);
}
