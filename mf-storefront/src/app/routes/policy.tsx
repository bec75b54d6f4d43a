/**
 * Policy pages (storefront.md 2): /politica-privacidade, /politica-troca and /termos-uso show the
 * stored title and text of their content section (admin.md 3).
 */
import type { ContentSectionKey } from '@prata/contracts';
import { ContentSectionPage } from '../../features/content/components/content-section-page.tsx';

/** Which content section each policy route shows. */
export const POLICY_ROUTES: readonly { path: string; sectionKey: ContentSectionKey }[] = [
  { path: '/politica-privacidade', sectionKey: 'privacy_policy' },
  { path: '/politica-troca', sectionKey: 'exchange_policy' },
  { path: '/termos-uso', sectionKey: 'terms_of_service' },
];

export function PolicyRoute({ sectionKey }: { sectionKey: ContentSectionKey }) {
  return <ContentSectionPage sectionKey={sectionKey} />;
}
