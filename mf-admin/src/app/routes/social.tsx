/** `/admin/social` (admin.md 2 social links tab). */
import { SocialLinksForm } from '../../features/social/components/social-links-form.tsx';
import { PageHeader } from './page-header.tsx';

export function SocialRoute() {
  return (
    <>
      <PageHeader title="Redes Sociais" lead="Links do Instagram, Facebook, Telegram e WhatsApp (até 4 por rede)." />
      <SocialLinksForm />
    </>
  );
}
