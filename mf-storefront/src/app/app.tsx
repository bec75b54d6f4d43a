/**
 * The storefront remote's exposed App: its own routes (absolute paths), mounted by the shell for
 * every path the registry gives the storefront, inside the generic error screen's boundary
 * (storefront.md 2). Unknown paths show the not-found page. Pages other than the home page load
 * on demand (routes/lazy.ts).
 */
import { Route, Routes } from '@prata/shared-ui/router';
import { NotFoundPage, PageErrorBoundary } from '@prata/shared-ui';
import { useReservationSync } from '../features/favourites/hooks/use-favourites.ts';
import { HomeRoute } from './routes/home.tsx';
import { BACK_IN_STOCK_CONFIRM_PATH } from '@prata/contracts/back-in-stock';
import { AboutPage, AuthPage, CataloguePage, ConfirmBackInStockPage, ContactPage, PolicyPage, ProductPage, RecoverPasswordPage, ResetPasswordPage } from './routes/lazy.ts';
import { POLICY_ROUTES } from './routes/policy-routes.ts';

export default function StorefrontApp() {
  useReservationSync();
  return (
    <PageErrorBoundary source="storefront">
      <Routes>
        <Route path="/" element={<HomeRoute />} />
        <Route path="/produtos" element={<CataloguePage />} />
        <Route path="/produtos/:slug" element={<ProductPage />} />
        <Route path="/sobre" element={<AboutPage />} />
        <Route path="/contato" element={<ContactPage />} />
        <Route path="/auth" element={<AuthPage />} />
        <Route path="/recuperar-senha" element={<RecoverPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path={BACK_IN_STOCK_CONFIRM_PATH} element={<ConfirmBackInStockPage />} />
        {POLICY_ROUTES.map(({ path, sectionKey }) => (
          <Route key={path} path={path} element={<PolicyPage sectionKey={sectionKey} />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </PageErrorBoundary>
  );
}
