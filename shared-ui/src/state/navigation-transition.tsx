/**
 * Delayed navigation with a visible transition (storefront.md 2 header; storefront.md 9
 * navigation delay 400 ms): `useTransitionNavigate` shows the transition at once and changes the
 * route after {@link NAVIGATION_DELAY_MS}; `TransitionLink` / `TransitionNavLink` are router links
 * that navigate that way (modified clicks, e.g. Ctrl+click to open a new tab, behave as usual);
 * `NavigationTransition` renders the veil and progress bar while a navigation is pending.
 * A second navigation during the delay replaces the first.
 */
import { useCallback, type MouseEvent } from 'react';
import { Link, NavLink, useNavigate, type LinkProps, type NavLinkProps } from '@prata/shared-ui/router';
import { NAVIGATION_DELAY_MS } from './timing.ts';
import { useNavigationTransitionStore } from './navigation-transition-store.ts';
import styles from './navigation-transition.module.css';

let pending: ReturnType<typeof setTimeout> | undefined;

/** Returns `go(path)`: shows the transition, then navigates after `delayMs`. */
export function useTransitionNavigate(delayMs: number = NAVIGATION_DELAY_MS): (to: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (to: string) => {
      if (pending !== undefined) clearTimeout(pending);
      useNavigationTransitionStore.getState().begin(to);
      pending = setTimeout(() => {
        pending = undefined;
        void navigate(to);
        useNavigationTransitionStore.getState().end();
      }, delayMs);
    },
    [navigate, delayMs],
  );
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    (!target || target === '_self')
  );
}

function useTransitionClick(to: string, onClick: ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined, target: string | undefined) {
  const go = useTransitionNavigate();
  return (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!isPlainLeftClick(event, target)) return;
    event.preventDefault();
    go(to);
  };
}

/** A router `Link` (string `to`) that navigates through the transition. */
export function TransitionLink({ to, onClick, target, ...props }: LinkProps & { to: string }) {
  const handleClick = useTransitionClick(to, onClick, target);
  return <Link to={to} target={target} onClick={handleClick} {...props} />;
}

/** A router `NavLink` (active styling; string `to`) that navigates through the transition. */
export function TransitionNavLink({ to, onClick, target, ...props }: NavLinkProps & { to: string }) {
  const handleClick = useTransitionClick(to, onClick, target);
  return <NavLink to={to} target={target} onClick={handleClick} {...props} />;
}

/** The transition: a veil over the page and a progress bar, shown while a navigation is pending. */
export function NavigationTransition() {
  const target = useNavigationTransitionStore((state) => state.target);
  if (target === null) return null;
  return (
    <div className={styles.veil} data-testid="navigation-transition" data-target={target}>
      <div className={styles.bar} role="progressbar" aria-label="Carregando página" />
    </div>
  );
}
