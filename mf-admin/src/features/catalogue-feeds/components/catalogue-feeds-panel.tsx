/**
 * 'Feeds de catálogo' on the sales page: the absolute URLs of the Google Merchant Center feed and
 * of Meta's catalogue feed (Facebook and Instagram), each with a copy button, for the owner to paste
 * into each channel's scheduled fetch; when each was last generated and how many items it lists.
 * The service keeps them up to date by itself after every change to the catalogue.
 */
import { Rss } from 'lucide-react';
import type { CatalogueFeeds } from '@prata/contracts';
import { Card, Skeleton, formatDateTime } from '@prata/shared-ui';
import { CopyButton } from '../../../components/copy-button.tsx';
import { useCatalogueFeeds } from '../api/get-catalogue-feeds.ts';
import styles from './catalogue-feeds-panel.module.css';

type Feed = CatalogueFeeds['feeds'][number];

/** The channel each feed is for, in pt-BR. */
export const FEED_CHANNELS: Readonly<Record<Feed['kind'], { name: string; hint: string }>> = {
  googleMerchant: { name: 'Google Merchant Center', hint: 'Em Produtos > Feeds, adicione um feed de busca programada com esta URL.' },
  metaCatalogue: { name: 'Meta (Facebook e Instagram)', hint: 'No Gerenciador de Commerce, adicione itens ao catálogo por feed de dados programado com esta URL.' },
};

export function CatalogueFeedsPanel() {
  const feeds = useCatalogueFeeds();
  return (
    <Card
      title="Feeds de catálogo"
      description="Endereços que o Google e a Meta leem para anunciar os produtos. Eles são atualizados sozinhos a cada mudança no catálogo."
      icon={<Rss size={20} aria-hidden="true" />}
      testId="catalogue-feeds"
    >
      {feeds.isPending ? (
        <Skeleton height={96} />
      ) : feeds.isError ? (
        <p className={styles.muted}>Não foi possível carregar os feeds de catálogo.</p>
      ) : (
        <ul className={styles.list}>
          {feeds.data.feeds.map((feed) => (
            <FeedRow key={feed.kind} feed={feed} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function FeedRow({ feed }: { feed: Feed }) {
  const channel = FEED_CHANNELS[feed.kind];
  return (
    <li>
      <div className={styles.row}>
        <strong>{channel.name}</strong>
        <span className={styles.muted}>
          {feed.generatedAt ? `Gerado em ${formatDateTime(feed.generatedAt)} · ${itemsText(feed.items ?? 0)}` : 'Ainda não gerado: o primeiro acesso gera o feed.'}
        </span>
      </div>
      <div className={styles.row}>
        <code>{feed.url}</code>
        <CopyButton text={feed.url} label={`Copiar URL do feed ${channel.name}`} copiedLabel={`URL do feed ${channel.name} copiada`} />
      </div>
      <p className={styles.muted}>{channel.hint}</p>
    </li>
  );
}

function itemsText(count: number): string {
  return count === 1 ? '1 item' : `${count} itens`;
}
