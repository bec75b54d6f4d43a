/** Which content section each policy route shows (storefront.md 2: /politica-privacidade, /politica-troca, /termos-uso). */
import type { ContentSectionKey } from '@prata/contracts/content';

export const POLICY_ROUTES: readonly { path: string; sectionKey: ContentSectionKey }[] = [
  { path: '/politica-privacidade', sectionKey: 'privacy_policy' },
  { path: '/politica-troca', sectionKey: 'exchange_policy' },
  { path: '/termos-uso', sectionKey: 'terms_of_service' },
];
