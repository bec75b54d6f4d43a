/**
 * The audit module's public face: other modules and the composition import these from here,
 * never another file of this folder. Its routes are routes.ts (registered by app.ts).
 */
export { AdminLog, AdminLogSchema } from './admin-log.entity.ts';
export { audit } from './audit.service.ts';
export type { AuditAction, RequestMeta } from './audit.service.ts';
