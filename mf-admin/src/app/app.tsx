/**
 * The admin remote's exposed App (admin.md 2): `/admin/login`, and the protected `/admin` area
 * (guard + shared layout) with its tabs, each but the dashboard loaded on demand.
 * `/painel-admin` -> `/admin/login`.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from '@prata/shared-ui/router';
import { NotFoundPage, Spinner } from '@prata/shared-ui';
import { AdminGuard } from '../features/auth/components/admin-guard.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { LoginRoute } from './routes/login.tsx';
// Products stays in the first load: it is the storefront's ProductManager widget too, whose styles
// a chunk of its own would repeat (the remote's CSS budget counts every chunk's).
import { ProductsRoute } from './routes/products.tsx';
import { DashboardRoute } from './routes/dashboard.tsx';

// Every tab but the dashboard and products loads when opened: the remote's
// first load is the login, the layout and the dashboard; each tab is a chunk of its own.
const ContentRoute = lazy(() => import('./routes/content.tsx').then((module) => ({ default: module.ContentRoute })));
const CouponsRoute = lazy(() => import('./routes/coupons.tsx').then((module) => ({ default: module.CouponsRoute })));
const LogsRoute = lazy(() => import('./routes/logs.tsx').then((module) => ({ default: module.LogsRoute })));
const OrderRoute = lazy(() => import('./routes/order.tsx').then((module) => ({ default: module.OrderRoute })));
const OrdersRoute = lazy(() => import('./routes/orders.tsx').then((module) => ({ default: module.OrdersRoute })));
const ProfileRoute = lazy(() => import('./routes/profile.tsx').then((module) => ({ default: module.ProfileRoute })));
const SalesRoute = lazy(() => import('./routes/sales.tsx').then((module) => ({ default: module.SalesRoute })));
const ReviewsRoute = lazy(() => import('./routes/reviews.tsx').then((module) => ({ default: module.ReviewsRoute })));
const QaRoute = lazy(() => import('./routes/qa.tsx').then((module) => ({ default: module.QaRoute })));
const SecurityRoute = lazy(() => import('./routes/security.tsx').then((module) => ({ default: module.SecurityRoute })));
const ShippingRoute = lazy(() => import('./routes/shipping.tsx').then((module) => ({ default: module.ShippingRoute })));
const SetupDeveloperRoute = lazy(() => import('./routes/setup-developer.tsx').then((module) => ({ default: module.SetupDeveloperRoute })));
const SocialRoute = lazy(() => import('./routes/social.tsx').then((module) => ({ default: module.SocialRoute })));
const UsersRoute = lazy(() => import('./routes/users.tsx').then((module) => ({ default: module.UsersRoute })));

/** A tab loaded on demand, with the panel's loading state meanwhile. */
const onDemand = (page: ReactNode) => <Suspense fallback={<Spinner showLabel />}>{page}</Suspense>;

export default function AdminApp() {
  return (
    <Routes>
      <Route path="/painel-admin" element={<Navigate to="/admin/login" replace />} />
      <Route path="/admin/login" element={<LoginRoute />} />
      <Route
        path="/admin"
        element={
          <AdminGuard>
            <AdminLayout />
          </AdminGuard>
        }
      >
        <Route index element={<DashboardRoute />} />
        <Route path="products" element={<ProductsRoute />} />
        <Route path="orders" element={onDemand(<OrdersRoute />)} />
        <Route path="orders/:id" element={onDemand(<OrderRoute />)} />
        <Route path="sales" element={onDemand(<SalesRoute />)} />
        <Route path="shipping" element={onDemand(<ShippingRoute />)} />
        <Route path="coupons" element={onDemand(<CouponsRoute />)} />
        <Route path="reviews" element={onDemand(<ReviewsRoute />)} />
        <Route path="users" element={onDemand(<UsersRoute />)} />
        <Route path="content" element={onDemand(<ContentRoute />)} />
        <Route path="social" element={onDemand(<SocialRoute />)} />
        <Route path="security" element={onDemand(<SecurityRoute />)} />
        <Route path="profile" element={onDemand(<ProfileRoute />)} />
        <Route path="logs" element={onDemand(<LogsRoute />)} />
        <Route path="qa" element={onDemand(<QaRoute />)} />
        <Route path="setup-developer" element={onDemand(<SetupDeveloperRoute />)} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
