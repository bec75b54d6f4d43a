/**
 * The banner over a staff preview (remote-preview.ts): which remote and version this browser
 * shows, and a button that ends the preview and reloads the live versions.
 */
import type { RemoteRegistry } from '@prata/contracts/platform';
import { Button } from '@prata/shared-ui';
import { endPreview, previewInEffect, requestedPreview } from './remote-preview.ts';
import styles from './remotes.module.css';

export function PreviewBanner({ registry }: { registry: RemoteRegistry }) {
  const preview = requestedPreview();
  if (!previewInEffect(registry, preview)) return null;
  return (
    <div className={styles.previewBanner} role="status" data-testid="preview-banner">
      <span>
        Pré-visualização: {preview.remote} {preview.version} (somente neste navegador)
      </span>
      <Button
        size="sm"
        variant="outline"
        onClick={() => {
          endPreview();
          window.location.reload();
        }}
      >
        Encerrar pré-visualização
      </Button>
    </div>
  );
}
