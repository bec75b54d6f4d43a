/**
 * Generic error screen boundary (storefront.md 2 and 8: "unexpected render errors show the
 * generic error screen"), used by every remote around its routes. Renders ErrorScreen:
 * 'Tentar Novamente' clears the error (the page renders again); 'Ir para Início' clears it and
 * goes to /; 'Relatar um problema' opens the shell's feedback dialog for the remote. Moving to
 * another path clears it too, so the chrome keeps working after an error.
 * The error is reported to the service (`@prata/shared-ui/state`) under the remote's name.
 *
 * `PanelRouteErrorBoundary`: the same boundary around one panel tab (PanelLayout's
 * `main`), so a render error in one admin or developer tab shows the error in that tab only,
 * with the sidebar and top bar intact; 'Ir para Início' goes to the panel's first section.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation, useNavigate } from '@prata/shared-ui/router';
import { openReportProblem, reportBoundaryError } from '@prata/shared-ui/state';
import { ErrorScreen } from './pages.tsx';

interface BoundaryProps {
  /** Changing it clears the error (the current path). */
  resetKey: string;
  /** Prefix of the console message, e.g. the remote's name. */
  source: string;
  onHome: () => void;
  /** The error screen's title and text (default: the generic screen's). */
  copy?: { title: string; description: string };
  /** Offer 'Relatar um problema' (the store's pages; the panels' staff have other channels). */
  reportable?: boolean;
  children: ReactNode;
}

interface BoundaryState {
  error: Error | null;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[${this.props.source}] unexpected error`, error, info.componentStack);
    reportBoundaryError(error, this.props.source, info.componentStack);
  }

  override componentDidUpdate(previous: BoundaryProps): void {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  private readonly retry = () => this.setState({ error: null });

  private readonly home = () => {
    this.setState({ error: null });
    this.props.onHome();
  };

  override render() {
    if (!this.state.error) return this.props.children;
    const report = this.props.reportable ? { onReport: () => openReportProblem(this.props.source) } : {};
    return <ErrorScreen onRetry={this.retry} onHome={this.home} {...report} {...this.props.copy} />;
  }
}

/** Wraps a remote's routes; `source` names the remote in the console. */
export function PageErrorBoundary({ source, children }: { source: string; children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <Boundary resetKey={pathname} source={source} onHome={() => void navigate('/')} reportable>
      {children}
    </Boundary>
  );
}

const PANEL_TAB_ERROR = {
  title: 'Não foi possível exibir esta página',
  description: 'Ocorreu um erro inesperado nesta área do painel. As outras áreas continuam funcionando: tente novamente ou escolha outra no menu.',
};

/**
 * Wraps one panel tab: a render error shows the error screen in place of the tab only;
 * a path change (another tab) clears it. `homePath` is where 'Ir para Início' goes (the panel's
 * first section); `source` names the panel in the console and the error report.
 */
export function PanelRouteErrorBoundary({ source, homePath, children }: { source: string; homePath: string; children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <Boundary resetKey={pathname} source={source} onHome={() => void navigate(homePath)} copy={PANEL_TAB_ERROR}>
      {children}
    </Boundary>
  );
}
