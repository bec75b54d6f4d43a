/**
 * The replay of one error event: rrweb-player (loaded with this module, a chunk of its own that
 * only the issue page requests when a replay is opened) playing the recording kept with the
 * event, the breadcrumbs as markers on its timeline (replay-timeline.ts), their legend below.
 * Text and inputs show as asterisks where the store did not unmask them (`data-replay-unmask`).
 */
import { useEffect, useRef, type CSSProperties } from 'react';
import Player from 'rrweb-player';
import playerStyle from 'rrweb-player/dist/style.css?raw';
import type { Breadcrumb } from '@prata/contracts';
import { Badge, SkeletonText } from '@prata/shared-ui';
import { useReplay } from '../api/get-replay.ts';
import { BREADCRUMB_TAGS, withBreadcrumbMarkers } from './replay-timeline.ts';
import styles from './issues.module.css';

/**
 * rrweb-player's style sheet, injected when a player first mounts: imported as CSS it would be an
 * asynchronous CSS file of the remote's `./App`, which the first load links (and counts against
 * the byte budget).
 */
function addPlayerStyle(): void {
  if (document.querySelector('style[data-rrweb-player]')) return;
  const style = Object.assign(document.createElement('style'), { textContent: playerStyle });
  style.dataset.rrwebPlayer = '';
  document.head.append(style);
}

// Inline, like the player's sheet: no CSS file of the remote's first load for this lazy part.
const legend: CSSProperties = { display: 'flex', flexWrap: 'wrap', gap: 'var(--p9-space-3)', alignItems: 'center', margin: 0, color: 'var(--p9-color-muted)', fontSize: 'var(--p9-text-sm)' };
const swatch: CSSProperties = { display: 'inline-block', width: 10, height: 10, borderRadius: '50%', marginRight: 'var(--p9-space-1)', verticalAlign: 'middle' };

const CATEGORY_LABEL = { navigation: 'Navegação', http: 'API', click: 'Clique', console: 'Console' } as const;

export default function ReplayPlayer({ eventId, breadcrumbs }: { eventId: string; breadcrumbs: readonly Breadcrumb[] }) {
  const { data, isPending, isError } = useReplay(eventId);
  const target = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = target.current;
    if (!data || !element) return;
    addPlayerStyle();
    const player = new Player({
      target: element,
      props: {
        events: withBreadcrumbMarkers(data.events, breadcrumbs) as never,
        width: Math.min(element.clientWidth || 720, 960),
        height: 420,
        autoPlay: false,
        skipInactive: true,
        tags: BREADCRUMB_TAGS,
      },
    });
    return () => {
      // A Svelte component: `$destroy` is its teardown (its type comes from svelte, not installed here).
      (player as unknown as { $destroy(): void }).$destroy();
      element.replaceChildren();
    };
  }, [data, breadcrumbs]);
  if (isPending) return <SkeletonText lines={4} />;
  if (isError) return <p className={styles.muted}>Não foi possível carregar a gravação (ela pode ter sido apagada pela retenção).</p>;
  return (
    <div style={{ display: 'grid', gap: 'var(--p9-space-2)', overflowX: 'auto' }}>
      <div ref={target} data-testid="replay-player" />
      <p style={legend}>
        {(Object.keys(BREADCRUMB_TAGS) as Breadcrumb['category'][]).map((category) => (
          <span key={category}>
            <span style={{ ...swatch, background: BREADCRUMB_TAGS[category] }} aria-hidden="true" />
            <Badge variant="neutral">{CATEGORY_LABEL[category]}</Badge>
          </span>
        ))}
        <span>{data.events.length.toLocaleString('pt-BR')} eventos gravados</span>
      </p>
    </div>
  );
}
