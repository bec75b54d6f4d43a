/**
 * The composition map, a card of the developer
 * dashboard: one column for the shell and one for each remote's active build, plus one for its
 * canary while one runs (with its share of clients); rows for the version, the initial weight (JS
 * and CSS gzip), the RemoteModule contract major and each shared singleton: the version the shell
 * provides, the range each build requires. A requirement the shell does not meet (the service's
 * semver check, `problems`) is highlighted, and every mismatch is listed below in pt-BR. A build
 * whose build-info.json the service could not read shows "sem build-info.json".
 *
 * Loaded on demand by the dashboard route (its first load does not carry it); kept live with the
 * Deployments card (get-composition.ts).
 */
import { Network } from 'lucide-react';
import type { CompositionBuild, CompositionBuildInfo } from '@prata/contracts';
import { Badge, Card, SkeletonText, Table } from '@prata/shared-ui';
import { useComposition } from '../api/get-composition.ts';
import { Weight } from './weight.tsx';
import styles from './dashboard.module.css';

/** One column of the map: the shell, or one build of a remote. */
interface Column {
  key: string;
  label: string;
  version: string | null;
  weight: CompositionBuild['weight'];
  info: CompositionBuildInfo | null;
  /** The build's mismatches with the shell (none for the shell, or when unknown). */
  problems: NonNullable<CompositionBuild['problems']>;
}

/** A cell's value, highlighted with the reason when the shell does not meet it. */
function Cell({ value, problem }: { value: string | number | undefined; problem: string | undefined }) {
  if (value === undefined) return <>—</>;
  if (!problem) return <>{value}</>;
  return (
    <span title={problem}>
      <Badge variant="danger">{value}</Badge>
      <span className="p9-visually-hidden"> ({problem})</span>
    </span>
  );
}

export default function CompositionCard() {
  const composition = useComposition();
  const columns: Column[] = composition.data
    ? [
        { key: 'shell', label: 'shell', version: composition.data.shell.buildInfo?.version ?? null, weight: composition.data.shell.buildInfo?.weight ?? null, info: composition.data.shell.buildInfo, problems: [] },
        ...composition.data.remotes.flatMap(({ remote, active, canary }) => [
          { key: remote, label: remote, version: active.version, weight: active.weight, info: active.buildInfo, problems: active.problems ?? [] },
          ...(canary
            ? [{ key: `${remote}-canary`, label: `${remote} · canário ${canary.percent}%`, version: canary.version, weight: canary.weight, info: canary.buildInfo, problems: canary.problems ?? [] }]
            : []),
        ]),
      ]
    : [];
  const libraries = [...new Set(columns.flatMap((column) => Object.keys(column.info?.shared ?? {})))].sort();
  const problems = columns.flatMap((column) => column.problems.map((problem) => `${column.label}: ${problem.message}`));
  const problemOf = (column: Column, library: string | null) => column.problems.find((problem) => problem.library === library)?.message;
  return (
    <Card title="Composição da loja" icon={<Network size={20} aria-hidden="true" />} description="O shell e as versões de cada remote, com as bibliotecas compartilhadas que cada um fornece ou exige">
      {composition.isPending ? (
        <SkeletonText lines={4} />
      ) : composition.isError ? (
        <p className={styles.empty}>Não foi possível carregar a composição da loja.</p>
      ) : (
        <>
          <Table caption="Composição da loja: versões, pesos e bibliotecas compartilhadas" hideCaption variant="compact" data-testid="composition">
            <thead>
              <tr>
                <th scope="col">Biblioteca</th>
                {columns.map((column) => (
                  <th key={column.key} scope="col">
                    {column.label}
                    {column.info ? null : (
                      <>
                        {' '}
                        <Badge variant="warning">sem build-info.json</Badge>
                      </>
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Versão</th>
                {columns.map((column) => (
                  <td key={column.key}>{column.version ?? '—'}</td>
                ))}
              </tr>
              <tr>
                <th scope="row">Peso inicial (gzip)</th>
                {columns.map((column) => (
                  <td key={column.key}>
                    <Weight weight={column.weight} />
                  </td>
                ))}
              </tr>
              <tr>
                <th scope="row">Contrato RemoteModule</th>
                {columns.map((column) => (
                  <td key={column.key}>
                    <Cell value={column.info?.contractVersion} problem={problemOf(column, null)} />
                  </td>
                ))}
              </tr>
              {libraries.map((library) => (
                <tr key={library}>
                  <th scope="row">{library}</th>
                  {columns.map((column) => (
                    <td key={column.key}>
                      <Cell value={column.info?.shared[library]} problem={problemOf(column, library)} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Table>
          {problems.length === 0 ? (
            <p className={styles.status}>
              <Badge variant="success">compatíveis</Badge> Cada versão exige o que o shell fornece.
            </p>
          ) : (
            <ul className={styles.status} aria-label="Incompatibilidades com o shell">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </Card>
  );
}
