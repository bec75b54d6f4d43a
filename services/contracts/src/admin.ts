/**
 * Admin panel contracts (admin.md sections 2 to 9), one file per area of the panel, re-exported
 * here so that `@prata/contracts/admin` (a federation singleton) and the package index keep one
 * name for each: products and their images, the global search, the dashboard and sales, users,
 * content and social links, the store's contact details, the activity log and failed e-mails, and
 * a customer's own data (export, account deletion). Money is integer BRL cents everywhere.
 */
export * from './admin-products.ts';
export * from './admin-search.ts';
export * from './admin-sales.ts';
export * from './admin-users.ts';
export * from './admin-content.ts';
export * from './admin-store-contact.ts';
export * from './admin-activity.ts';
export * from './personal-data.ts';
