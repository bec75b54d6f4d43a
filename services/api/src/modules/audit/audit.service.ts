/**
 * Audit log (admin.md 3): the server records logins, failed logins, product changes,
 * 2FA changes, profile/password/e-mail changes and role changes in `admin_logs`.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { AdminLog } from './admin-log.entity.ts';

/** Where a request came from. */
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

export type AuditAction =
  | 'login'
  | 'login_failed'
  | 'logout'
  | 'signup'
  | 'email_confirmed'
  | 'confirmation_resent'
  | 'email_resent'
  | 'password_reset'
  | 'password_changed'
  | 'email_change_requested'
  | 'email_changed'
  | 'profile_updated'
  | 'address_created'
  | 'address_updated'
  | 'address_deleted'
  | '2fa_enabled'
  | '2fa_disabled'
  | '2fa_enrolment_required'
  | 'role_granted'
  | 'developer_setup'
  | 'admin_registration_created'
  | 'admin_registration_confirmed'
  | 'admin_registration_rejected'
  | 'refresh_token_reuse'
  | 'product_created'
  | 'product_updated'
  | 'product_deleted'
  | 'product_archived'
  | 'product_restored'
  | 'product_image_uploaded'
  | 'product_image_deleted'
  | 'product_gallery_updated'
  | 'user_updated'
  | 'role_revoked'
  | 'user_deleted'
  | 'content_updated'
  | 'social_links_updated'
  | 'store_contact_updated'
  | 'low_stock_threshold_updated'
  | 'free_shipping_updated'
  | 'freight_rates_updated'
  | 'pix_discount_updated'
  | 'gift_wrap_updated'
  | 'installment_rules_updated'
  | 'recovery_settings_updated'
  | 'analytics_settings_updated'
  | 'coupon_created'
  | 'coupon_updated'
  | 'coupon_paused'
  | 'coupon_resumed'
  | 'invoice_retried'
  | 'order_marked_paid'
  | 'order_shipped'
  | 'order_delivered'
  | 'order_label_bought'
  | 'order_cancelled'
  | 'order_refunded'
  | 'order_reinstated'
  | 'return_approved'
  | 'return_rejected'
  | 'return_received'
  | 'return_refunded'
  | 'return_credited'
  | 'return_exchanged'
  | 'review_approved'
  | 'review_rejected'
  | 'review_replied'
  | 'remote_release_published'
  | 'remote_release_activated'
  | 'remote_release_rolled_back'
  | 'remote_canary_started'
  | 'remote_canary_ended'
  | 'remote_canary_rolled_back';

/** Adds an audit row to `em` (flushed with the caller's changes). */
export function audit(
  em: EntityManager,
  entry: { userId: string | null; action: AuditAction; details?: Record<string, unknown>; meta?: RequestMeta },
): void {
  em.create(AdminLog, {
    userId: entry.userId,
    action: entry.action,
    details: entry.details ?? {},
    ipAddress: entry.meta?.ip?.slice(0, 64) ?? null,
    userAgent: entry.meta?.userAgent?.slice(0, 500) ?? null,
  });
}
