/**
 * Every federation singleton the shell provides to remotes (shared-ui/build/federation.ts
 * `SHARED_SINGLETONS`; a unit test keeps the two lists equal). The shell's build provides a shared
 * module only when its own code refers to it, and remotes take every singleton from the shell
 * (their builds carry no fallback copies): these references, which nothing calls at start-up, make
 * the shell provide the ones only remotes use (e.g. `@prata/contracts/reservations`).
 */
export const PROVIDED_SINGLETONS: Readonly<Record<string, () => Promise<unknown>>> = {
  'react': () => import('react'),
  'react/jsx-runtime': () => import('react/jsx-runtime'),
  'react-dom': () => import('react-dom'),
  'react-dom/client': () => import('react-dom/client'),
  '@prata/shared-ui/router': () => import('@prata/shared-ui/router'),
  'zustand': () => import('zustand'),
  '@tanstack/react-query': () => import('@tanstack/react-query'),
  '@prata/shared-ui/state': () => import('@prata/shared-ui/state'),
  '@prata/contracts': () => import('@prata/contracts'),
  '@prata/contracts/admin': () => import('@prata/contracts/admin'),
  '@prata/contracts/alerts': () => import('@prata/contracts/alerts'),
  '@prata/contracts/analytics': () => import('@prata/contracts/analytics'),
  '@prata/contracts/auth': () => import('@prata/contracts/auth'),
  '@prata/contracts/back-in-stock': () => import('@prata/contracts/back-in-stock'),
  '@prata/contracts/carts': () => import('@prata/contracts/carts'),
  '@prata/contracts/catalogue': () => import('@prata/contracts/catalogue'),
  '@prata/contracts/consent': () => import('@prata/contracts/consent'),
  '@prata/contracts/content': () => import('@prata/contracts/content'),
  '@prata/contracts/feedback': () => import('@prata/contracts/feedback'),
  '@prata/contracts/gifts': () => import('@prata/contracts/gifts'),
  '@prata/contracts/installments': () => import('@prata/contracts/installments'),
  '@prata/contracts/money': () => import('@prata/contracts/money'),
  '@prata/contracts/monitoring': () => import('@prata/contracts/monitoring'),
  '@prata/contracts/notifications': () => import('@prata/contracts/notifications'),
  '@prata/contracts/order-pricing': () => import('@prata/contracts/order-pricing'),
  '@prata/contracts/orders': () => import('@prata/contracts/orders'),
  '@prata/contracts/platform': () => import('@prata/contracts/platform'),
  '@prata/contracts/promotions': () => import('@prata/contracts/promotions'),
  '@prata/contracts/quality': () => import('@prata/contracts/quality'),
  '@prata/contracts/realtime': () => import('@prata/contracts/realtime'),
  '@prata/contracts/releases': () => import('@prata/contracts/releases'),
  '@prata/contracts/remote-module': () => import('@prata/contracts/remote-module'),
  '@prata/contracts/reservations': () => import('@prata/contracts/reservations'),
  '@prata/contracts/reviews': () => import('@prata/contracts/reviews'),
  '@prata/contracts/shipping': () => import('@prata/contracts/shipping'),
  '@prata/contracts/system-errors': () => import('@prata/contracts/system-errors'),
  '@prata/contracts/web-vitals': () => import('@prata/contracts/web-vitals'),
};
