/**
 * Generic error screen of the checkout remote (storefront.md 2 and 8, "unexpected render errors show
 * the generic error screen"): an error boundary around the checkout's routes that renders
 * shared-ui's ErrorScreen. 'Tentar Novamente' clears the error (the page renders again);
 * 'Ir para Início' clears it and goes to /. Moving to another path clears it too, so the header
 * keeps working after an error.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ErrorScreen } from '@prata/shared-ui';

interface BoundaryProps {
  /** Changing it clears the error (the current path). */
  resetKey: string;
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
    console.error('[checkout] unexpected error', error, info.componentStack);
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

export function CheckoutErrorBoundary({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <Boundary resetKey={pathname} onHome={() => void navigate('/')}>
      {children}
    </Boundary>
  );
}
