/**
 * Content that is never hydrated:
 * a server-rendered page keeps the markup the server sent for it, and the browser spends nothing
 * on it at start-up (no components run, no event handlers attached); when it is mounted in the
 * browser without server markup (a client-side navigation to the page), it renders normally.
 *
 * How: on the first render in the browser, the element with `id` is already in the document
 * when the page was server-rendered; the component then renders an element with an empty
 * `dangerouslySetInnerHTML` (React leaves the children of such an element as they are). Internal
 * links (`/...`) inside it still navigate client-side: the wrapper, which is hydrated, handles
 * their plain left clicks through the router.
 *
 * For content without state, effects or event handlers of its own (policy text, testimonials, a
 * footer); its props must not change while it is mounted.
 */
import { createElement, useState, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from '@prata/shared-ui/router';

export interface StaticContentProps {
  /** A page-unique id: the server-rendered element's, looked up on the first render. */
  id: string;
  /** The element wrapping the content (default `div`). */
  as?: 'div' | 'section' | 'footer' | 'aside';
  className?: string;
  children: ReactNode;
}

/** Whether the server rendered the element with `id` into the current document. */
function serverRendered(id: string): boolean {
  return typeof document !== 'undefined' && document.getElementById(id)?.dataset.staticContent === 'true';
}

export function StaticContent({ id, as = 'div', className, children }: StaticContentProps) {
  const [keepServerMarkup] = useState(() => serverRendered(id));
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as Element | null)?.closest?.('a');
    const href = link?.getAttribute('href');
    if (!link || !href || !href.startsWith('/') || href.startsWith('//') || (link.target && link.target !== '_self')) return;
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(href);
  };
  const props = { id, className, 'data-static-content': 'true', onClick };
  return keepServerMarkup
    ? createElement(as, { ...props, suppressHydrationWarning: true, dangerouslySetInnerHTML: { __html: '' } })
    : createElement(as, props, children);
}
