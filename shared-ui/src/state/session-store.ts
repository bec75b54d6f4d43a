/**
 * Session: cross-remote client state (storefront.md 3 "User session": user, loading flag,
 * isAdmin, isDeveloper). Filled by the shell's session provider; read by every remote.
 */
import { create } from 'zustand';

export interface SessionUser {
  id: string;
  email: string;
}

export interface SessionState {
  user: SessionUser | null;
  isAdmin: boolean;
  isDeveloper: boolean;
  /** True until the first session check completes. */
  loading: boolean;
  setSession(session: { user: SessionUser | null; isAdmin: boolean; isDeveloper: boolean }): void;
  clear(): void;
}

export const useSessionStore = create<SessionState>()((set) => ({
  user: null,
  isAdmin: false,
  isDeveloper: false,
  loading: true,
  setSession: (session) => set({ ...session, loading: false }),
  clear: () => set({ user: null, isAdmin: false, isDeveloper: false, loading: false }),
}));
