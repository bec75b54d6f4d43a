/**
 * A remote's published versions in the Deployments card: newest first, the active one
 * marked (and a running canary with its share of clients), who published each and when, its
 * initial weight (JS and CSS gzip), with "Pré-visualizar" (this browser only) on the
 * others, and the release changes, each behind a confirmation that says what will
 * happen (release-change-dialog.tsx, loaded when first asked for): "Canário" (a share of clients,
 * 1-99 %) and "Ativar" on a published version that is not active, "Promover" and "Parar canário"
 * on the running canary, "Reverter" (ends a canary; else back to the version published before the
 * active one, or to the base entry). "Publicar versão" opens a form (publish-release-form.tsx, loaded
 * when first opened) that publishes a built version from its manifest URL, not active.
 */
import { lazy, Suspense, useState } from 'react';
import { REMOTE_PREVIEW_STORAGE_KEY, type RemoteName } from '@prata/contracts';
import { Badge, Button, SkeletonText, Table, formatDateTime } from '@prata/shared-ui';
import { useRemoteReleases } from '../api/get-remote-releases.ts';
import { DEFAULT_CANARY_PERCENT, useChangeRemoteRelease, type ReleaseChange } from '../api/change-remote-release.ts';
import { Weight } from './weight.tsx';
import styles from './dashboard.module.css';

const ReleaseChangeDialog = lazy(() => import('./release-change-dialog.tsx'));
const PublishReleaseForm = lazy(() => import('./publish-release-form.tsx'));

/**
 * Opens the store showing `version` of `remote` in this browser only (the shell reads the preview
 * from localStorage and asks the service for it with the staff session; shell/src/features/remotes/remote-preview.ts).
 */
function previewInStore(remote: RemoteName, version: string): void {
  localStorage.setItem(REMOTE_PREVIEW_STORAGE_KEY, JSON.stringify({ remote, version }));
  window.location.assign('/');
}

export function RemoteReleases({ remote }: { remote: RemoteName }) {
  const releases = useRemoteReleases(remote);
  const change = useChangeRemoteRelease();
  const busy = change.isPending && change.variables?.remote === remote;
  // The change waiting for its confirmation.
  const [asked, setAsked] = useState<ReleaseChange | null>(null);
  const [publishing, setPublishing] = useState(false);
  const ask = (next: ReleaseChange) => () => setAsked(next);
  const canary = releases.data?.canary;
  return (
    <section className={styles.releases} aria-labelledby={`releases-${remote}`} data-testid={`releases-${remote}`}>
      <div className={styles.entryHead}>
        <h3 id={`releases-${remote}`} className={styles.releasesTitle}>
          {remote}
        </h3>
        <div className={styles.releaseActions}>
          <Button size="sm" variant="outline" disabled={publishing} onClick={() => setPublishing(true)}>
            Publicar versão
          </Button>
          <Button size="sm" variant="outline" disabled={(!releases.data?.active && !canary) || busy} onClick={ask({ remote, action: 'rollback' })}>
            Reverter
          </Button>
        </div>
      </div>
      {publishing ? (
        <Suspense fallback={<SkeletonText lines={3} />}>
          <PublishReleaseForm remote={remote} onClose={() => setPublishing(false)} />
        </Suspense>
      ) : null}
      {releases.isPending ? (
        <SkeletonText lines={2} />
      ) : releases.isError ? (
        <p className={styles.empty}>Não foi possível carregar as versões.</p>
      ) : releases.data.releases.length === 0 ? (
        <p className={styles.empty}>Nenhuma versão publicada: servido pela entrada de base do registro.</p>
      ) : (
        <Table caption={`Versões de ${remote}`} hideCaption variant="compact">
          <thead>
            <tr>
              <th scope="col">Versão</th>
              <th scope="col">Publicada em</th>
              <th scope="col">Por</th>
              <th scope="col">Peso inicial (gzip)</th>
              <th scope="col">Notas</th>
              <th scope="col">
                <span className="p9-visually-hidden">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {releases.data.releases.map((release) => (
              <tr key={release.version}>
                <th scope="row">
                  {release.version} {release.active ? <Badge variant="success">ativa</Badge> : null}
                  {canary?.version === release.version ? <Badge variant="warning">{`canário ${canary.percent}%`}</Badge> : null}
                </th>
                <td>{formatDateTime(release.publishedAt)}</td>
                <td>{release.publishedBy}</td>
                <td>
                  <Weight weight={release.weight} />
                </td>
                <td>{release.notes || '—'}</td>
                <td>
                  {release.active ? null : (
                    <div className={styles.releaseActions}>
                      <Button size="sm" variant="ghost" onClick={() => previewInStore(remote, release.version)}>
                        Pré-visualizar
                      </Button>
                      {canary?.version === release.version ? (
                        <>
                          <Button size="sm" variant="ghost" disabled={busy} onClick={ask({ remote, action: 'activate', version: release.version })}>
                            Promover
                          </Button>
                          <Button size="sm" variant="ghost" disabled={busy} onClick={ask({ remote, action: 'end-canary' })}>
                            Parar canário
                          </Button>
                        </>
                      ) : (
                        <>
                          <Button size="sm" variant="ghost" disabled={busy} onClick={ask({ remote, action: 'canary', version: release.version, percent: DEFAULT_CANARY_PERCENT })}>
                            Canário
                          </Button>
                          <Button size="sm" variant="ghost" disabled={busy} onClick={ask({ remote, action: 'activate', version: release.version })}>
                            Ativar
                          </Button>
                        </>
                      )}
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {asked && releases.data ? (
        <Suspense fallback={null}>
          <ReleaseChangeDialog
            change={asked}
            list={releases.data}
            onCancel={() => setAsked(null)}
            onConfirm={(confirmed) => {
              setAsked(null);
              change.mutate(confirmed);
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
