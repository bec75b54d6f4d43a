/**
 * The admin remote's exposed App (admin.md 2): `/admin/login`, and the protected `/admin` area
 * (guard + shared layout) with its tabs. `/painel-admin` -> `/admin/login`.
 */
import { Navigate, Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@prata/shared-ui';
import { AdminGuard } from '../features/auth/components/admin-guard.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { LoginRoute } from './routes/login.tsx';
import { LogsRoute } from './routes/logs.tsx';
import { PlaceholderRoute } from './routes/placeholder.tsx';
import { ProfileRoute } from './routes/profile.tsx';
import { QaRoute } from './routes/qa.tsx';
import { SecurityRoute } from './routes/security.tsx';
import { SetupDeveloperRoute } from './routes/setup-developer.tsx';
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
        <Route index element={<PlaceholderRoute title="Dashboard" lead="Visão geral da loja: vendas, pedidos, produtos e clientes." />} />
        <Route path="products" element={<PlaceholderRoute title="Produtos" lead="Cadastro, edição e imagens dos produtos." />} />
        <Route path="sales" element={<PlaceholderRoute title="Vendas" lead="Relatório de vendas e desempenho." />} />
        <Route path="users" element={<UsersRoute />} />
        <Route path="content" element={<PlaceholderRoute title="Conteúdo" lead="Páginas institucionais e políticas da loja." />} />
        <Route path="social" element={<PlaceholderRoute title="Redes Sociais" lead="Links do Instagram, Facebook, Telegram e WhatsApp." />} />
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
