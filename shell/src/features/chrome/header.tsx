/**
 * Header on every page (storefront.md 2): logo, Home / Produtos / Sobre Nós / Contato, search
 * toggle, favourites with a count badge (> 0; the heart opens the favourites view of the
 * catalogue), account menu, cart with an item-count badge (a dot when empty), mobile menu.
 * Counts come from the shared singleton stores. Each header navigation first shows the
 * transition, then changes the route after 400 ms (TransitionLink, shared-ui). Below 820 px the
 * links move into a left sheet (shared-ui `Sheet`: focus trapped, Escape closes). The search bar
 * is composed in by the layout (`renderSearch`), so this feature does not import another.
 */
import { Heart, Menu, Search, ShoppingBag } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button, Sheet } from '@prata/shared-ui';
import {
  TransitionLink,
  TransitionNavLink,
  selectCartCount,
  useCartStore,
  useFavouritesStore,
} from '@prata/shared-ui/state';
import { AccountMenu } from './account-menu.tsx';
import styles from './chrome.module.css';

const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/produtos', label: 'Produtos' },
  { to: '/sobre', label: 'Sobre Nós' },
  { to: '/contato', label: 'Contato' },
] as const;

/** The catalogue filtered to the shopper's favourites. */
export const FAVOURITES_PATH = '/produtos?favoritos=1';

/**
 * Accessible names of the header's count links: 'Carrinho: 1 item', 'Carrinho: 3 itens',
 * 'Favoritos: 2'. The count the badge shows is a word of the name (not in parentheses, which
 * assistive technology and axe's label-in-name check set aside), so speech users can say it.
 */
export const cartLabel = (count: number) => `Carrinho: ${count} ${count === 1 ? 'item' : 'itens'}`;
export const favouritesLabel = (count: number) => `Favoritos: ${count}`;

export interface HeaderProps {
  /** Renders the search bar while it is open; `close` hides it. */
  renderSearch?: (close: () => void) => ReactNode;
}

export function Header({ renderSearch }: HeaderProps) {
  const cartCount = useCartStore(selectCartCount);
  const favouritesCount = useFavouritesStore((state) => state.items.length);
  const [searchOpen, setSearchOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const navLinks = (className: string, activeClassName: string) =>
    NAV_LINKS.map((link) => (
      <TransitionNavLink
        key={link.to}
        to={link.to}
        end={link.to === '/'}
        className={({ isActive }) => (isActive ? `${className} ${activeClassName}` : className)}
        onClick={() => setMenuOpen(false)}
      >
        {link.label}
      </TransitionNavLink>
    ));

  return (
    <header className={styles.header}>
      <div className={`p9-container ${styles.headerRow}`}>
        <Button
          variant="ghost"
          size="icon"
          className={styles.menuToggle}
          aria-label={menuOpen ? 'Fechar menu' : 'Abrir menu'}
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? menuId : undefined}
          aria-haspopup="dialog"
          onClick={() => setMenuOpen((o) => !o)}
        >
          <Menu size={22} aria-hidden="true" />
        </Button>
        <TransitionLink to="/" className={styles.logo} aria-label="Prata 925, página inicial">
          Prata <span>925</span>
        </TransitionLink>
        <nav aria-label="Principal" className={styles.nav}>
          {navLinks(styles.navLink!, styles.active!)}
        </nav>
        <div className={styles.tools}>
          <Button variant="ghost" size="icon" aria-label="Buscar" aria-expanded={searchOpen} onClick={() => setSearchOpen((o) => !o)}>
            <Search size={20} aria-hidden="true" />
          </Button>
          <TransitionLink to={FAVOURITES_PATH} className={styles.iconLink} aria-label={favouritesLabel(favouritesCount)}>
            <Heart size={20} aria-hidden="true" />
            {favouritesCount > 0 ? <span className={styles.count}>{favouritesCount}</span> : null}
          </TransitionLink>
          <AccountMenu />
          <TransitionLink to="/carrinho" className={styles.iconLink} aria-label={cartLabel(cartCount)} data-testid="cart-link">
            <ShoppingBag size={20} aria-hidden="true" />
            {cartCount > 0 ? <span className={styles.count}>{cartCount}</span> : <span className={styles.dot} aria-hidden="true" />}
          </TransitionLink>
        </div>
      </div>
      <Sheet id={menuId} open={menuOpen} onOpenChange={setMenuOpen} side="left" title="Prata 925" closeLabel="Fechar menu">
        <nav aria-label="Menu" className={styles.sheetNav}>
          {navLinks(styles.sheetLink!, styles.sheetActive!)}
        </nav>
      </Sheet>
      {searchOpen && renderSearch ? renderSearch(() => setSearchOpen(false)) : null}
    </header>
  );
}
