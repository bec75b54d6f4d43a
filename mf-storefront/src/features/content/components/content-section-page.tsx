/**
 * A page showing one editable content section (storefront.md 2 policy pages; admin.md 3): the
 * stored title and text, a skeleton while loading, and an error card with a retry button when
 * the section cannot be loaded (the service's pt-BR message, e.g. 'Conteúdo não encontrado').
 */
import type { ContentSectionKey } from '@prata/contracts/content';
import { Button, Card, Skeleton, formatDateTime } from '@prata/shared-ui';
import { useContentSection } from '../api/get-content-section.ts';
import { ContentText } from './content-text.tsx';
import styles from './content.module.css';

export function ContentSectionPage({ sectionKey }: { sectionKey: ContentSectionKey }) {
  const { data, isPending, isError, error, refetch, isFetching } = useContentSection(sectionKey);

  if (isPending) {
    return (
      <section className={`p9-container ${styles.page}`} aria-busy="true" data-testid="content-loading">
        <span className="p9-visually-hidden">Carregando...</span>
        <Skeleton style={{ height: 44, width: '60%', marginBottom: 24 }} />
        {[0, 1, 2, 3].map((line) => (
          <Skeleton key={line} style={{ height: 18, marginBottom: 12 }} />
        ))}
      </section>
    );
  }

  if (isError) {
    return (
      <section className={`p9-container ${styles.page}`}>
        <Card className={styles.error} role="alert">
          <h1>Não foi possível carregar este conteúdo</h1>
          <p>{error.message}</p>
          <Button onClick={() => void refetch()} disabled={isFetching}>
            {isFetching ? 'Carregando...' : 'Tentar Novamente'}
          </Button>
        </Card>
      </section>
    );
  }

  return (
    <article className={`p9-container ${styles.page}`} data-testid={`content-${data.sectionKey}`}>
      <h1 className={styles.title}>{data.title}</h1>
      <p className={styles.updated}>Atualizado em {formatDateTime(data.updatedAt)}</p>
      <ContentText text={data.content} />
    </article>
  );
}
