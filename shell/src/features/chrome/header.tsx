/**
 * Header on every page (storefront.md 2): logo, Home / Produtos / Sobre Nós / Contato, search
 * toggle, favourites with a count badge (> 0), account menu, cart with an item-count badge (a
 * dot when empty), mobile menu. Counts come from the shared singleton stores.
 */
import { Heart, Menu, Search, ShoppingBag, User, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { Button, selectCartCount, useCartStore, useFavouritesStore, useSessionStore } from '@prata/shared-ui';
import styles from './chrome.module.css';

const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/produtos', label: 'Produtos' },
  { to: '/sobre', label: 'Sobre Nós' },
  { to: '/contato', label: 'Contato' },
] as const;

export function Header() {
  const cartCount = useCartStore(selectCartCount);
  const favouritesCount = useFavouritesStore((state) => state.items.length);
  const user = useSessionStore((state) => state.user);
  const [searchOpen, setSearchOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [term, setTerm] = useState('');
  const navigate = useNavigate();

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    const value = term.trim();
    if (!value) return;
    navigate(`/produtos?search=${encodeURIComponent(value)}`);
    setTerm('');
    setSearchOpen(false);
  };

  return (
    <header className={styles.header}>
      <div className={`p9-container ${styles.headerRow}`}>
        <Link to="/" className={styles.logo} aria-label="Prata 925, página inicial">
          Prata <span>925</span>
        </Link>
        <nav aria-label="Principal" className={menuOpen ? `${styles.nav} ${styles.navOpen}` : styles.nav}>
          {NAV_LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.to === '/'}
              className={({ isActive }) => (isActive ? `${styles.navLink} ${styles.active}` : styles.navLink)}
              onClick={() => setMenuOpen(false)}
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className={styles.tools}>
          <Button variant="ghost" size="icon" aria-label="Buscar" aria-expanded={searchOpen} onClick={() => setSearchOpen((o) => !o)}>
            <Search size={20} aria-hidden="true" />
          </Button>
          <Link to="/produtos" className={styles.iconLink} aria-label={`Favoritos (${favouritesCount})`}>
            <Heart size={20} aria-hidden="true" />
            {favouritesCount > 0 ? <span className={styles.count}>{favouritesCount}</span> : null}
          </Link>
          <Link to={user ? '/' : '/auth'} className={styles.iconLink} aria-label={user ? `Conta de ${user.email}` : 'Entrar'}>
            <User size={20} aria-hidden="true" />
            <span className={styles.accountLabel}>{user ? user.email : 'Entrar'}</span>
          </Link>
          <Link to="/carrinho" className={styles.iconLink} aria-label={`Carrinho (${cartCount} itens)`} data-testid="cart-link">
            <ShoppingBag size={20} aria-hidden="true" />
            {cartCount > 0 ? <span className={styles.count}>{cartCount}</span> : <span className={styles.dot} aria-hidden="true" />}
          </Link>
          <Button
            variant="ghost"
            size="icon"
            className={styles.menuToggle}
            aria-label={menuOpen ? 'Fechar menu' : 'Abrir menu'}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? <X size={22} aria-hidden="true" /> : <Menu size={22} aria-hidden="true" />}
          </Button>
        </div>
      </div>
      {searchOpen ? (
        <form role="search" className={`p9-container ${styles.search}`} onSubmit={submitSearch}>
          <label htmlFor="busca" className="p9-visually-hidden">
            Buscar joias
          </label>
          <input
            id="busca"
            autoFocus
            type="search"
            placeholder="Buscar anéis, colares, brincos..."
            value={term}
            onChange={(event) => setTerm(event.target.value)}
          />
          <Button type="submit">Buscar</Button>
        </form>
      ) : null}
    </header>
  );
}
