/**
 * Error boundary around one remote mount: a remote that fails to load (down, bad manifest) or
 * throws while rendering shows a fallback inside the chrome; the rest of the store works.
 * Render errors are reported to the service under the remote's name (load failures were
 * reported by remote-modules.ts with the manifest URL). A remote refused for a version skew shows
 * the new-version notice with a reload instead of the retry.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, buttonClassName } from '@prata/shared-ui';
import { openReportProblem, reportBoundaryError } from '@prata/shared-ui/state';
import { becomeInteractive } from './early-clicks.ts';
import { RemoteLoadError, isVersionSkew } from './remote-modules.ts';
import styles from './remotes.module.css';

interface Props {
  remote: string;
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // The fallback is the page now: it answers clicks.
    becomeInteractive();
    console.error(`[shell] remote "${this.props.remote}" failed`, error, info.componentStack);
    if (!(error instanceof RemoteLoadError)) reportBoundaryError(error, this.props.remote, info.componentStack);
  }

  private retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render() {
    if (!this.state.error) return this.props.children;
    // Another build than the page was composed with: loading it again gets the same build; the
    // document, composed anew by the host, pins the version now live.
    if (isVersionSkew(this.state.error)) return <RemoteVersionChanged />;
    return <RemoteUnavailable onRetry={this.retry} remote={this.props.remote} />;
  }
}

/**
 * The fallback shown in place of a remote whose build changed while the page loaded (a version
 * skew, remote-modules.ts): the texts of the new-version notice, with its reload.
 */
export function RemoteVersionChanged() {
  return (
    <section className={styles.unavailable} role="alert" data-testid="remote-version-changed">
      <h1>Uma nova versão da loja está disponível</h1>
      <p>Recarregue a página para usar a versão mais recente.</p>
      <div className={styles.actions}>
        <Button onClick={() => window.location.reload()}>Recarregar</Button>
      </div>
    </section>
  );
}

/** The fallback shown in place of a remote that cannot be shown; 'Relatar um problema' opens the shell's dialog for `remote`. */
export function RemoteUnavailable({ onRetry, remote }: { onRetry?: () => void; remote?: string }) {
  return (
    <section className={styles.unavailable} role="alert" data-testid="remote-fallback">
      <h1>Esta parte da loja está indisponível no momento</h1>
      <p>Estamos trabalhando para resolver. Você pode tentar novamente ou continuar navegando pela loja.</p>
      <div className={styles.actions}>
        {onRetry ? <Button onClick={onRetry}>Tentar Novamente</Button> : null}
        <a href="/" className={buttonClassName('outline')}>
          Ir para Início
        </a>
        <Button variant="ghost" onClick={() => openReportProblem(remote)}>
          Relatar um problema
        </Button>
      </div>
    </section>
  );
}
