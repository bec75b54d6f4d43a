/**
 * Session: cross-remote client state (storefront.md 3 "User session": user, session, loading
 * flag, isAdmin, isDeveloper). Filled by lib/session.ts; read by every remote. The access token
 * lives only in memory; the refresh token only in the service's httpOnly cookie.
 */
import { create } from 'zustand';
import type { RoleName } from '@prata/contracts/auth';

export interface SessionUser {
  id: string;
  email: string;
  fullName: string;
}

export interface SessionState {
  user: SessionUser | null;
  accessToken: string | null;
  roles: RoleName[];
  isAdmin: boolean;
  isDeveloper: boolean;
  /** True until the first session check completes. */
  loading: boolean;
  setSession(session: { user: SessionUser; accessToken: string; roles: RoleName[] }): void;
  /** Signed out (clears user, session and both role flags). */
  clear(): void;
}

export const useSessionStore = create<SessionState>()((set) => ({
  user: null,
  accessToken: null,
  roles: [],
  isAdmin: false,
  isDeveloper: false,
  loading: true,
  setSession: ({ user, accessToken, roles }) =>
    set({ user, accessToken, roles, isAdmin: roles.includes('admin'), isDeveloper: roles.includes('developer'), loading: false }),
  clear: () => set({ user: null, accessToken: null, roles: [], isAdmin: false, isDeveloper: false, loading: false }),
}));
