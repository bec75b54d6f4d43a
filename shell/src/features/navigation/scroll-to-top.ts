/**
 * A client-side navigation to another page starts at the top of it, as a page load does.
 *
 * The browser keeps the scroll position on `history.pushState`: a shopper who tapped a product far
 * down the catalogue landed far down its page, and while the new page was still short (a skeleton,
 * a remote's code loading) the browser clamped the position to the page's end, where the footer
 * then moved away as the page filled in (a layout shift). Scrolling in a layout effect happens
 * before that first paint of the new page. Going back or forward (`POP`) keeps the browser's own
 * scroll restoration; a change of the query or the hash alone (a filter, an anchor) does not
 * scroll.
 */
import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from '@prata/shared-ui/router';

export function useScrollToTopOnNavigation(): void {
  const { pathname } = useLocation();
  const type = useNavigationType();
  const previous = useRef(pathname);
  useLayoutEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [pathname, type]);
}
