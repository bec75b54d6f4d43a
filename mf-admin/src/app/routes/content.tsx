/** `/admin/content` (admin.md 2 content tab): the store's contact details and the six editable sections. */
import { ContentManager } from '../../features/content/components/content-manager.tsx';
import { StoreContactForm } from '../../features/content/components/store-contact-form.tsx';
import { PageHeader } from './page-header.tsx';

export function ContentRoute() {
  return (
    <>
      <PageHeader title="Conteúdo" lead="Textos das páginas institucionais e das políticas da loja." />
      <StoreContactForm />
      <ContentManager />
    </>
  );
}
