/** The admin remote's exposed App: the `/admin` area (admin.md 2). `/painel-admin` -> `/admin/login`. */
import { Navigate, Route, Routes } from 'react-router-dom';
import { EmptyState, NotFoundPage } from '@prata/shared-ui';

export default function AdminApp() {
  return (
    <Routes>
      <Route path="/painel-admin" element={<Navigate to="/admin/login" replace />} />
      <Route path="/admin/login" element={<EmptyState title="Painel Administrativo" description="O acesso administrativo estará disponível em breve." />} />
      <Route path="/admin/*" element={<EmptyState title="Painel Administrativo" description="Área restrita a administradores autorizados." />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
