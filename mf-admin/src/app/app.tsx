/**
 * The admin remote's exposed App (admin.md 2): `/admin/login`, and the protected `/admin` area
 * (guard + shared layout) with its tabs. `/painel-admin` -> `/admin/login`.
 */
import { Navigate, Route, Routes } from '@prata/shared-ui/router';
import { NotFoundPage } from '@prata/shared-ui';
import { AdminGuard } from '../features/auth/components/admin-guard.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { LoginRoute } from './routes/login.tsx';
import { ContentRoute } from './routes/content.tsx';
import { DashboardRoute } from './routes/dashboard.tsx';
import { LogsRoute } from './routes/logs.tsx';
import { OrderRoute } from './routes/order.tsx';
import { OrdersRoute } from './routes/orders.tsx';
import { ProductsRoute } from './routes/products.tsx';
import { ProfileRoute } from './routes/profile.tsx';
import { SalesRoute } from './routes/sales.tsx';
import { QaRoute } from './routes/qa.tsx';
import { SecurityRoute } from './routes/security.tsx';
import { SetupDeveloperRoute } from './routes/setup-developer.tsx';
import { SocialRoute } from './routes/social.tsx';
import { UsersRoute } from './routes/users.tsx';

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
        <Route path="orders" element={<OrdersRoute />} />
        <Route path="orders/:id" element={<OrderRoute />} />
        <Route path="sales" element={<SalesRoute />} />
        <Route path="users" element={<UsersRoute />} />
        <Route path="content" element={<ContentRoute />} />
        <Route path="social" element={<SocialRoute />} />
        <Route path="security" element={<SecurityRoute />} />
        <Route path="profile" element={<ProfileRoute />} />
        <Route path="logs" element={<LogsRoute />} />
        <Route path="qa" element={<QaRoute />} />
        <Route path="setup-developer" element={<SetupDeveloperRoute />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
