import { useLocation } from '@atrium/navigation';
import { useEffect } from 'react';

/** A new page starts at the top, as a full page load would. */
export function useScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}
