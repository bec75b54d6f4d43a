/** Footer social links (storefront.md 2, admin.md 3): first non-empty stored link, else the built-in one. */
import { describe, expect, it } from 'vitest';
import { footerSocialLinks } from './footer.tsx';

describe('footerSocialLinks', () => {
  it('uses the built-in links when the call failed or has not answered', () => {
    expect(footerSocialLinks(undefined)).toEqual([
      { label: 'Instagram', href: 'https://instagram.com/' },
      { label: 'Facebook', href: 'https://facebook.com/' },
      { label: 'WhatsApp', href: 'https://wa.me/' },
    ]);
  });

  it("takes each platform's first non-empty link and falls back per platform", () => {
    expect(
      footerSocialLinks([
        { platform: 'instagram', link1: null, link2: 'https://instagram.com/loja', link3: 'https://instagram.com/outra', link4: null },
        { platform: 'telegram', link1: 'https://t.me/loja', link2: null, link3: null, link4: null },
        { platform: 'whatsapp', link1: 'https://wa.me/5511999999999', link2: null, link3: null, link4: null },
      ]),
    ).toEqual([
      { label: 'Instagram', href: 'https://instagram.com/loja' },
      { label: 'Facebook', href: 'https://facebook.com/' },
      { label: 'WhatsApp', href: 'https://wa.me/5511999999999' },
    ]);
  });
});
