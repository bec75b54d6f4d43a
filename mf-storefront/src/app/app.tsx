/**
 * The storefront remote's exposed App: its own routes (absolute paths), mounted by the shell for
 * every path the registry gives the storefront, inside the generic error screen's boundary
 * (storefront.md 2). Unknown paths show the not-found page.
 */
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage, PageErrorBoundary } from '@prata/shared-ui';
import { useReservationSync } from '../features/favourites/hooks/use-favourites.ts';
import { AboutRoute } from './routes/about.tsx';
import { CatalogueRoute } from './routes/catalogue.tsx';
import { ContactRoute } from './routes/contact.tsx';
import { AuthRoute, RecoverPasswordRoute, ResetPasswordRoute } from './routes/auth.tsx';
import { HomeRoute } from './routes/home.tsx';
import { POLICY_ROUTES, PolicyRoute } from './routes/policy.tsx';

export default function StorefrontApp() {
  useReservationSync();
  return (
    <PageErrorBoundary source="storefront">
    <Routes>
      <Route path="/" element={<HomeRoute />} />
      <Route path="/produtos" element={<CatalogueRoute />} />
      <Route path="/sobre" element={<AboutRoute />} />
      <Route path="/contato" element={<ContactRoute />} />
      <Route path="/auth" element={<AuthRoute />} />
      <Route path="/recuperar-senha" element={<RecoverPasswordRoute />} />
      <Route path="/reset-password" element={<ResetPasswordRoute />} />
      {POLICY_ROUTES.map(({ path, sectionKey }) => (
        <Route key={path} path={path} element={<PolicyRoute sectionKey={sectionKey} />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
    </PageErrorBoundary>
  );
}
