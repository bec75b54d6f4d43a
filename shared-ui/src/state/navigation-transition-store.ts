/**
 * Navigation transition: client state shared by the shell and every remote (storefront.md 2,
 * "each navigation first shows a transition, then goes to the route after 400 ms").
 * `target` is the path being navigated to while the transition shows, else null.
 */
import { create } from 'zustand';

export interface NavigationTransitionState {
  target: string | null;
  begin(target: string): void;
  end(): void;
}

export const useNavigationTransitionStore = create<NavigationTransitionState>()((set) => ({
  target: null,
  begin: (target) => set({ target }),
  end: () => set({ target: null }),
}));
