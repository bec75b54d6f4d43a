/**
 * The devtools remote's exposed App (admin.md 2): `/developer-login`, the developer-only
 * `/developer` area (guard + layout; index is the dashboard; `erros` and `erros/:id` the grouped
 * errors, `saude` the release health, issue 24). `/desenvolvedor` -> `/developer`. `/developer/ui` is the public component gallery.
 */
import { Navigate, Route, Routes } from '@prata/shared-ui/router';
import { NotFoundPage } from '@prata/shared-ui';
import { DeveloperGuard } from '../features/auth/components/developer-guard.tsx';
import { DeveloperLayout } from './developer-layout.tsx';
import { DeveloperDashboardRoute } from './routes/dashboard.tsx';
import { IssueRoute } from './routes/issue.tsx';
import { IssuesRoute } from './routes/issues.tsx';
import { ReleaseHealthRoute } from './routes/release-health.tsx';
import { DeveloperLoginRoute } from './routes/login.tsx';
import { UiGalleryRoute } from './routes/ui-gallery.tsx';

export default function DevtoolsApp() {
  return (
    <Routes>
      <Route path="/desenvolvedor" element={<Navigate to="/developer" replace />} />
      <Route path="/developer-login" element={<DeveloperLoginRoute />} />
      {/* The component gallery is public (no guard): visual and accessibility tests use it. */}
      <Route path="/developer/ui" element={<UiGalleryRoute />} />
      <Route
        path="/developer"
        element={
          <DeveloperGuard>
            <DeveloperLayout />
          </DeveloperGuard>
        }
      >
        <Route index element={<DeveloperDashboardRoute />} />
        <Route path="erros" element={<IssuesRoute />} />
        <Route path="erros/:id" element={<IssueRoute />} />
        <Route path="saude" element={<ReleaseHealthRoute />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
