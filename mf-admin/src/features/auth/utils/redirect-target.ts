/**
 * Where to go after the admin login (admin.md 2): the page the user came from (location state
 * `from`, set by the guard) or /admin. Only same-origin admin paths are followed.
 */
export const ADMIN_HOME = '/admin';

export function redirectTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/admin') || from.startsWith('/admin/login')) return ADMIN_HOME;
  return from;
}
