/**
 * Account menu in the header (storefront.md 2, 4, 8). Signed in: greets with the e-mail, says
 * the session is active, offers Developer Dashboard (developers only), Admin Panel (admins
 * only) and Sair. Signed out: Entrar. Logout: signs out on the service, confirms with a toast,
 * then after 500 ms goes to / and reloads.
 */
import { LogOut, User } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, signOut, toast, useSessionStore } from '@prata/shared-ui';
import styles from './chrome.module.css';

/** Delay between the logout confirmation and the reload, in ms (storefront.md 9). */
export const LOGOUT_REDIRECT_MS = 500;

export function AccountMenu() {
  const user = useSessionStore((state) => state.user);
  const isAdmin = useSessionStore((state) => state.isAdmin);
  const isDeveloper = useSessionStore((state) => state.isDeveloper);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  if (!user) {
    return (
      <Link to="/auth" className={styles.iconLink} aria-label="Entrar">
        <User size={20} aria-hidden="true" />
        <span className={styles.accountLabel}>Entrar</span>
      </Link>
    );
  }

  const logout = async () => {
    setOpen(false);
    try {
      await signOut();
      toast.success('Logout realizado', { description: 'Você foi desconectado com sucesso.' });
      window.setTimeout(() => window.location.assign('/'), LOGOUT_REDIRECT_MS);
    } catch {
      toast.error('Erro', { description: 'Erro ao fazer logout.' });
    }
  };

  return (
    <div className={styles.account} ref={ref}>
      <Button
        variant="ghost"
        className={styles.accountButton}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Conta de ${user.email}`}
        onClick={() => setOpen((o) => !o)}
      >
        <User size={20} aria-hidden="true" />
        <span className={styles.accountLabel}>{user.email}</span>
      </Button>
      {open ? (
        <div id={menuId} className={styles.accountMenu} data-testid="account-menu">
          <p className={styles.accountGreeting}>
            Olá, <strong>{user.email}</strong>
          </p>
          <p className={styles.accountStatus}>Sessão ativa</p>
          <ul>
            {isDeveloper ? (
              <li>
                <Link to="/developer" className={styles.menuItem} onClick={() => setOpen(false)}>
                  Developer Dashboard
                </Link>
              </li>
            ) : null}
            {isAdmin ? (
              <li>
                <Link to="/admin" className={styles.menuItem} onClick={() => setOpen(false)}>
                  Admin Panel
                </Link>
              </li>
            ) : null}
            <li>
              <Button variant="ghost" size="sm" block className={styles.menuItem} onClick={() => void logout()}>
                <LogOut size={16} aria-hidden="true" /> Sair
              </Button>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
