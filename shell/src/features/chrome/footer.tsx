/**
 * Footer (storefront.md 2): three social links, quick links, policy links, contact block and the
 * payment note. (The spec's payment-methods link went nowhere; it is plain text here.)
 */
import { Link } from 'react-router-dom';
import styles from './chrome.module.css';

const SOCIAL_LINKS = [
  { href: 'https://instagram.com/', label: 'Instagram' },
  { href: 'https://facebook.com/', label: 'Facebook' },
  { href: 'https://wa.me/', label: 'WhatsApp' },
] as const;

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={`p9-container ${styles.footerGrid}`}>
        <section>
          <p className={styles.logo}>
            Prata <span>925</span>
          </p>
          <p>Joias em prata 925 legítima, feitas com amor e entregues em todo o Brasil.</p>
          <ul className={styles.inline} aria-label="Redes sociais">
            {SOCIAL_LINKS.map((link) => (
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
          </ul>
        </nav>
        <nav aria-label="Políticas">
          <h2>Políticas</h2>
          <ul>
            <li><Link to="/politica-privacidade">Política de Privacidade</Link></li>
            <li><Link to="/politica-troca">Política de Troca e Devolução</Link></li>
            <li><Link to="/termos-uso">Termos de Uso</Link></li>
          </ul>
        </nav>
        <section>
          <h2>Contato</h2>
          <address>
            contato@prata925.com.br
            <br />
            (11) 99999-9999
            <br />
            Seg–Sex 9h–18h, Sáb 9h–14h
          </address>
        </section>
      </div>
      <div className={`p9-container ${styles.footerNote}`}>
        <p>Pagamento via PIX ou cartão de crédito em até 12x. Frete grátis para todo o Brasil. Garantia de 6 meses.</p>
        <p>© {new Date().getFullYear()} Prata 925. Todos os direitos reservados.</p>
      </div>
    </footer>
  );
}
