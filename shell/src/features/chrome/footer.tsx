/**
 * Footer (storefront.md 2): three social links, quick links, policy links, contact block and the
 * payment note (and 'Relatar um problema', a link the shell's dialog catches), which states no free shipping: that is the store's own offer, shown where the
 * shell's byte budget allows reading it (cart, checkout, product pages). (The spec's
 * payment-methods link went nowhere; it is plain text here.) 'Preferências de cookies' reopens the
 * cookie choice at any time (LGPD art. 8 §5: consent is revocable as easily as it was given).
 * The social links are the first non-empty link of each platform from `GET /api/social-links`
 * (admin.md 3); while loading, when the call fails or a platform has no link, the built-in
 * link of that platform is used. Nothing in it is interactive: a server-rendered page keeps the
 * footer's markup without hydrating it (shared-ui StaticContent; its links still navigate
 * client-side).
 */
import { Link } from '@prata/shared-ui/router';
import { StaticContent, useStoreContact } from '@prata/shared-ui';
import { REPORT_PROBLEM_HASH } from '@prata/shared-ui/state';
import { firstSocialLink, type SocialLinks, type SocialPlatform } from '@prata/contracts/content';
import { useSocialLinks } from './api/get-social-links.ts';
import styles from './chrome.module.css';

/** The footer's three platforms with their built-in (fallback) links. */
export const FOOTER_SOCIAL_LINKS: readonly { platform: SocialPlatform; label: string; fallback: string }[] = [
  { platform: 'instagram', label: 'Instagram', fallback: 'https://instagram.com/' },
  { platform: 'facebook', label: 'Facebook', fallback: 'https://facebook.com/' },
  { platform: 'whatsapp', label: 'WhatsApp', fallback: 'https://wa.me/' },
];

/** The footer's social links: each platform's first stored link, else its fallback. */
export function footerSocialLinks(stored: readonly SocialLinks[] | undefined): { label: string; href: string }[] {
  return FOOTER_SOCIAL_LINKS.map(({ platform, label, fallback }) => ({
    label,
    href: firstSocialLink(stored?.find((entry) => entry.platform === platform)) ?? fallback,
  }));
}

export function Footer() {
  return (
    <StaticContent id="rodape" as="footer" className={styles.footer}>
      <FooterContent />
    </StaticContent>
  );
}

function FooterContent() {
  const { data } = useSocialLinks();
  const socialLinks = footerSocialLinks(data);
  const contact = useStoreContact();
  return (
    <>
      <div className={`p9-container ${styles.footerGrid}`}>
        <section>
          <p className={styles.logo}>
            Prata <span>925</span>
          </p>
          <p>Joias em prata 925 legítima, feitas com amor e entregues em todo o Brasil.</p>
          <ul className={styles.inline} aria-label="Redes sociais">
            {socialLinks.map((link) => (
              <li key={link.label}>
                <a href={link.href} target="_blank" rel="noreferrer noopener">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
        <nav aria-label="Links rápidos">
          <h2>Links rápidos</h2>
          <ul>
            <li><Link to="/">Home</Link></li>
            <li><Link to="/produtos">Produtos</Link></li>
            <li><Link to="/sobre">Sobre Nós</Link></li>
            <li><Link to="/contato">Contato</Link></li>
            <li><Link to="/rastrear-pedido">Rastrear pedido</Link></li>
            {/* Opens the shell's dialog (features/feedback/report-problem-host.tsx), hydrated or not. */}
            <li><a href={REPORT_PROBLEM_HASH}>Relatar um problema</a></li>
          </ul>
        </nav>
        <nav aria-label="Políticas">
          <h2>Políticas</h2>
          <ul>
            <li><Link to="/politica-privacidade">Política de Privacidade</Link></li>
            <li><Link to="/politica-troca">Política de Troca e Devolução</Link></li>
            <li><Link to="/termos-uso">Termos de Uso</Link></li>
            <li>
              {/* Opens the cookie banner's settings (features/consent): the footer is static markup, the banner listens on the document. */}
              <button type="button" className={styles.linkButton} data-consent-settings="">
                Preferências de cookies
              </button>
            </li>
          </ul>
        </nav>
        <section>
          <h2>Contato</h2>
          <address>
            {contact.email}
            <br />
            {contact.phone}
            <br />
            Seg–Sex 9h–18h, Sáb 9h–14h
          </address>
        </section>
      </div>
      <div className={`p9-container ${styles.footerNote}`}>
        <p>Pagamento via PIX ou cartão de crédito em até 12x, ou boleto. Garantia de 6 meses.</p>
        <p>© {new Date().getFullYear()} Prata 925. Todos os direitos reservados.</p>
      </div>
    </>
  );
}
