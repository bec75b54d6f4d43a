/** Admin panel contracts for user management (admin.md sections 2, 6): the paged list, details and edits. */
import { z } from 'zod';
import { adminUserSchema, ROLE_NAMES } from './auth.ts';

const count = z.number().int().nonnegative();

/** Rows per page of the users tab. */
export const ADMIN_USERS_PAGE_SIZE = 20;

/**
 * `GET /api/admin/users` query: `search` over the name and e-mail (accents and case
 * ignored, like the global search), `page` from 1, `pageSize` rows (newest accounts first).
 */
export const adminUserListQuerySchema = z.object({
  search: z.string().trim().max(100, 'Busca muito longa').optional(),
  page: z.coerce.number().int().min(1, 'Página inválida').max(10_000, 'Página inválida').default(1),
  pageSize: z.coerce.number().int().min(1, 'Página inválida').max(100, 'Página inválida').default(ADMIN_USERS_PAGE_SIZE),
});
export type AdminUserListQuery = z.input<typeof adminUserListQuerySchema>;

/** One page of the users tab: `total` counts every matching account. */
export const adminUserPageSchema = z.object({
  items: z.array(adminUserSchema),
  total: count,
  page: count,
  pageSize: count,
});
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

export const adminUserDetailSchema = adminUserSchema.extend({
  roles: z.array(z.enum(ROLE_NAMES)),
  lastLoginAt: z.iso.datetime({ offset: true }).nullable(),
  ordersCount: count,
  twoFactorEnabled: z.boolean(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/**
 * `PATCH /api/admin/users/:id`: the name, the admin role (cap of 3, never the last admin nor
 * oneself) and/or the developer role (both staff roles can be granted and revoked).
 */
export const adminUserUpdateSchema = z
  .object({
    fullName: z.string().trim().min(1, 'Nome é obrigatório').max(100, 'Nome muito longo').optional(),
    isAdmin: z.boolean().optional(),
    isDeveloper: z.boolean().optional(),
  })
  .refine((value) => value.fullName !== undefined || value.isAdmin !== undefined || value.isDeveloper !== undefined, 'Nada para alterar');
export type AdminUserUpdate = z.input<typeof adminUserUpdateSchema>;
