/** The devtools remote's exposed App: `/developer` (admin.md 2). `/desenvolvedor` -> `/developer`. */
import { Navigate, Route, Routes } from 'react-router-dom';
import { EmptyState, NotFoundPage } from '@prata/shared-ui';

export default function DevtoolsApp() {
  return (
    <Routes>
      <Route path="/desenvolvedor" element={<Navigate to="/developer" replace />} />
      <Route path="/developer-login" element={<EmptyState title="Developer Login" description="O acesso de desenvolvedor estará disponível em breve." />} />
      <Route path="/developer/*" element={<EmptyState title="Developer Dashboard" description="Área restrita a desenvolvedores." />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
