/**
 * Release health: for the chosen remote, its active version beside the canary and the
 * version active before, from real users over the last RELEASE_HEALTH_DAYS days: sessions,
 * crash-free sessions and users (browsers), adoption (share of the last 24 h) and p75 Web Vitals, each with its change
 * against the active version (worse in red). Refreshed every minute and on each release change.
 */
import { useState } from 'react';
import { REMOTE_NAMES, RELEASE_HEALTH_DAYS, WEB_VITAL_NAMES, type ReleaseHealthVersion, type RemoteName, type WebVitalName } from '@prata/contracts';
import { Badge, Card, EmptyState, SkeletonText, Table, ToggleGroup, useRealtimeInvalidate } from '@prata/shared-ui';
import { RELEASE_HEALTH_KEY, useReleaseHealth } from '../api/get-release-health.ts';
import styles from './release-health.module.css';

const STATE_LABEL: Record<ReleaseHealthVersion['state'], string> = { active: 'Ativa', canary: 'Canário', previous: 'Anterior' };
const number = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
const KEYS = [RELEASE_HEALTH_KEY] as const;

/** A metric's p75 as shown: ms rounded, CLS with 3 decimals; '—' without samples. */
export function formatVital(name: WebVitalName, value: number | null): string {
  if (value === null) return '—';
  return name === 'CLS' ? value.toLocaleString('pt-BR', { minimumFractionDigits: 3, maximumFractionDigits: 3 }) : `${Math.round(value).toLocaleString('pt-BR')} ms`;
}

/** Relative change of `value` against `base`, percent (null when either is unknown or base is 0). */
export function change(value: number | null, base: number | null): number | null {
  if (value === null || base === null || base === 0) return null;
  return ((value - base) / base) * 100;
}

function Delta({ value, base, lowerIsBetter = true }: { value: number | null; base: number | null; lowerIsBetter?: boolean }) {
  const delta = change(value, base);
  if (delta === null || Math.abs(delta) < 0.05) return null;
  const worse = lowerIsBetter ? delta > 0 : delta < 0;
  return (
    <span className={worse ? styles.worse : styles.better}>
      {' '}
      ({delta > 0 ? '+' : ''}
      {number.format(delta)} %)
    </span>
  );
}

export function ReleaseHealthCard() {
  const [remote, setRemote] = useState<RemoteName>('storefront');
  useRealtimeInvalidate('releases', KEYS);
  const { data, isPending, isError } = useReleaseHealth(remote);
  const base = data?.versions.find((version) => version.state === 'active');
  return (
    <Card title="Saúde das versões" description={`Usuários reais nos últimos ${RELEASE_HEALTH_DAYS} dias: sessões sem falha, adoção e Web Vitals (p75)`}>
      <ToggleGroup label="Remote" value={remote} onValueChange={setRemote} options={REMOTE_NAMES.map((name) => ({ value: name, label: name }))} />
      {isPending ? (
        <SkeletonText lines={4} />
      ) : isError ? (
        <p className={styles.muted}>Não foi possível carregar a saúde das versões.</p>
      ) : data.versions.every((version) => version.sessions === 0) ? (
        <EmptyState title="Sem sessões medidas" description="As métricas aparecem quando visitantes abrem as páginas deste remote." compact />
      ) : (
        <Table caption={`Saúde das versões de ${remote}`} hideCaption data-testid="release-health">
          <thead>
            <tr>
              <th scope="col">Versão</th>
              <th scope="col">Sessões</th>
              <th scope="col">Sessões sem falhas</th>
              <th scope="col">Usuários sem falhas</th>
              <th scope="col">Adoção (24 h)</th>
              {WEB_VITAL_NAMES.map((name) => (
                <th key={name} scope="col">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.versions.map((version) => (
              <tr key={version.version} data-testid="release-health-row">
                <td>
                  <code>{version.version}</code> <Badge variant={version.state === 'canary' ? 'warning' : version.state === 'active' ? 'success' : 'neutral'}>{STATE_LABEL[version.state]}</Badge>
                </td>
                <td>{version.sessions.toLocaleString('pt-BR')}</td>
                <td>
                  {number.format(version.crashFreeRate)} %{version.state !== 'active' ? <Delta value={version.crashFreeRate} base={base?.crashFreeRate ?? null} lowerIsBetter={false} /> : null}
                </td>
                <td>
                  {number.format(version.crashFreeUsersRate)} % <span className={styles.muted}>de {version.users.toLocaleString('pt-BR')}</span>
                  {version.state !== 'active' ? <Delta value={version.crashFreeUsersRate} base={base?.crashFreeUsersRate ?? null} lowerIsBetter={false} /> : null}
                </td>
                <td>{number.format(version.adoption)} %</td>
                {WEB_VITAL_NAMES.map((name) => (
                  <td key={name}>
                    {formatVital(name, version.p75[name])}
                    {version.state !== 'active' ? <Delta value={version.p75[name]} base={base?.p75[name] ?? null} /> : null}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}
