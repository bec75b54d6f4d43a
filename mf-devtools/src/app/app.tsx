/**
 * The devtools remote's exposed App (admin.md 2): `/developer-login`, the developer-only
 * `/developer` area (guard + layout; index is the dashboard; `erros` and `erros/:id` the grouped
 * errors, `relatos` the shoppers' reports, `saude` the release health, `monitores` the scheduled jobs' monitors). `/desenvolvedor` -> `/developer`. `/developer/ui` is the public component gallery.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from '@prata/shared-ui/router';
import { NotFoundPage, Spinner } from '@prata/shared-ui';
import { DeveloperGuard } from '../features/auth/components/developer-guard.tsx';
import { DeveloperLayout } from './developer-layout.tsx';
import { DeveloperDashboardRoute } from './routes/dashboard.tsx';
import { DeveloperLoginRoute } from './routes/login.tsx';
import { UiGalleryRoute } from './routes/ui-gallery.tsx';

// The error, release-health and monitor pages load when opened, outside the area's first load
// (the remote's byte budget counts its initial JavaScript).
const IssuesRoute = lazy(() => import('./routes/issues.tsx').then((module) => ({ default: module.IssuesRoute })));
const IssueRoute = lazy(() => import('./routes/issue.tsx').then((module) => ({ default: module.IssueRoute })));
const MonitorsRoute = lazy(() => import('./routes/monitors.tsx').then((module) => ({ default: module.MonitorsRoute })));
const FeedbackRoute = lazy(() => import('./routes/feedback.tsx').then((module) => ({ default: module.FeedbackRoute })));
const ReleaseHealthRoute = lazy(() => import('./routes/release-health.tsx').then((module) => ({ default: module.ReleaseHealthRoute })));

/** A page loaded on demand, with the area's loading state meanwhile. */
const onDemand = (page: ReactNode) => <Suspense fallback={<Spinner showLabel />}>{page}</Suspense>;

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
        <Route path="erros" element={onDemand(<IssuesRoute />)} />
        <Route path="erros/:id" element={onDemand(<IssueRoute />)} />
        <Route path="relatos" element={onDemand(<FeedbackRoute />)} />
        <Route path="saude" element={onDemand(<ReleaseHealthRoute />)} />
        <Route path="monitores" element={onDemand(<MonitorsRoute />)} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
