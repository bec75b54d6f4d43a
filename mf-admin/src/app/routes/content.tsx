/** `/admin/content` (admin.md 2 content tab): the six editable sections. */
import { ContentManager } from '../../features/content/components/content-manager.tsx';
import { PageHeader } from './page-header.tsx';

export function ContentRoute() {
  return (
    <>
      <PageHeader title="Conteúdo" lead="Textos das páginas institucionais e das políticas da loja." />
      <ContentManager />
    </>
  );
}
