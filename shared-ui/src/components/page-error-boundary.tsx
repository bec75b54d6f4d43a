/**
 * Generic error screen boundary (storefront.md 2 and 8: "unexpected render errors show the
 * generic error screen"), used by every remote around its routes. Renders ErrorScreen:
 * 'Tentar Novamente' clears the error (the page renders again); 'Ir para Início' clears it and
 * goes to /. Moving to another path clears it too, so the chrome keeps working after an error.
 * The error is reported to the service (`@prata/shared-ui/state`) under the remote's name.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation, useNavigate } from '@prata/shared-ui/router';
import { reportBoundaryError } from '@prata/shared-ui/state';
import { ErrorScreen } from './pages.tsx';

interface BoundaryProps {
  /** Changing it clears the error (the current path). */
  resetKey: string;
  /** Prefix of the console message, e.g. the remote's name. */
  source: string;
  onHome: () => void;
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
    return <ErrorScreen onRetry={this.retry} onHome={this.home} />;
  }
}

/** Wraps a remote's routes; `source` names the remote in the console. */
export function PageErrorBoundary({ source, children }: { source: string; children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <Boundary resetKey={pathname} source={source} onHome={() => void navigate('/')}>
      {children}
    </Boundary>
  );
}
