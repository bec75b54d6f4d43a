/**
 * Policy pages (storefront.md 2): /politica-privacidade, /politica-troca and /termos-uso show the
 * stored title and text of their content section (admin.md 3; routes in policy-routes.ts).
 */
import type { ContentSectionKey } from '@prata/contracts/content';
import { ContentSectionPage } from '../../features/content/components/content-section-page.tsx';

export function PolicyRoute({ sectionKey }: { sectionKey: ContentSectionKey }) {
  return <ContentSectionPage sectionKey={sectionKey} />;
}
