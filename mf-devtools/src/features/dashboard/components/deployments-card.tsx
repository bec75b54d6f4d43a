/**
 * Deployments: each remote's name, registry version, build (name and version from its
 * manifest), build time (the manifest's Last-Modified), initial weight (its build-info.json),
 * manifest URL, and the errors reported by each version of it. Data-driven: whatever the registry
 * and manifests say is shown.
 * Below, each remote's published versions with activate and roll back (remote-releases.tsx).
 */
import { Rocket } from 'lucide-react';
import { Badge, Card, SkeletonText, Table, formatDateTime } from '@prata/shared-ui';
import { useDeployments } from '../api/get-deployments.ts';
import { useDeveloperStats } from '../api/get-developer-stats.ts';
import { RemoteReleases } from './remote-releases.tsx';
import { Weight } from './weight.tsx';
import styles from './dashboard.module.css';

export function DeploymentsCard() {
  const deployments = useDeployments();
  const stats = useDeveloperStats();
  const errorsOf = (name: string) => (stats.data?.errorsByRemote ?? []).filter((row) => row.remote === name);
  return (
    <Card title="Deployments" icon={<Rocket size={20} aria-hidden="true" />} description="Remotes segundo o registro e os manifests carregados">
      {deployments.isPending ? (
        <SkeletonText lines={4} />
      ) : deployments.isError ? (
        <p className={styles.empty}>Não foi possível carregar o registro de remotes.</p>
      ) : (
        <Table caption="Remotes implantados" hideCaption variant="compact">
          <thead>
            <tr>
              <th scope="col">Remote</th>
              <th scope="col">Versão</th>
              <th scope="col">Build</th>
              <th scope="col">Gerado em</th>
              <th scope="col">Peso inicial (gzip)</th>
              <th scope="col">Erros por versão</th>
            </tr>
          </thead>
          <tbody>
            {deployments.data.map((deployment) => (
              <tr key={deployment.name} data-testid={`deployment-${deployment.name}`}>
                <th scope="row">
                  {deployment.name} {deployment.reachable ? <Badge variant="success">no ar</Badge> : <Badge variant="danger">fora do ar</Badge>}
                  <div className={styles.small}>{deployment.manifestUrl}</div>
                </th>
                <td>{deployment.registryVersion}</td>
                <td>{deployment.buildName ? `${deployment.buildName} ${deployment.buildVersion ?? ''}` : '—'}</td>
                <td>{deployment.builtAt ? formatDateTime(deployment.builtAt) : '—'}</td>
                <td>
                  <Weight weight={deployment.weight} />
                </td>
                <td>
                  {errorsOf(deployment.name).length === 0
                    ? 'nenhum'
                    : errorsOf(deployment.name)
                        .map((row) => `${row.version ?? 'sem versão'}: ${row.errors} (${row.active} ativos)`)
                        .join(' · ')}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {deployments.data?.map((deployment) => <RemoteReleases key={deployment.name} remote={deployment.name} />)}
    </Card>
  );
}
