/**
 * Account menu in the header (storefront.md 2, 4, 8). Signed in: greets with the e-mail, says
 * the session is active, offers Minha conta, Meus pedidos, Developer Dashboard (developers only), Admin Panel (admins
 * only) and Sair. Signed out: Entrar. Logout: signs out on the service, confirms with a toast,
 * then after 500 ms goes to / and reloads. The menu is shared-ui's `DropdownMenu` (Radix): arrow
 * keys move between the entries, Escape closes it and returns the focus to the button.
 */
import { Code2, LogOut, Package, Shield, User, UserCog } from 'lucide-react';
import { Link } from '@prata/shared-ui/router';
import { DropdownMenu, signOut, toast, useSessionStore, type DropdownMenuItem } from '@prata/shared-ui';
import styles from './chrome.module.css';

/** Delay between the logout confirmation and the reload, in ms (storefront.md 9). */
export const LOGOUT_REDIRECT_MS = 500;

export function AccountMenu() {
  const user = useSessionStore((state) => state.user);
  const isAdmin = useSessionStore((state) => state.isAdmin);
  const isDeveloper = useSessionStore((state) => state.isDeveloper);

  if (!user) {
    return (
      <Link to="/auth" className={styles.iconLink} aria-label="Entrar">
        <User size={20} aria-hidden="true" />
        <span className={styles.accountLabel}>Entrar</span>
      </Link>
    );
  }

  const logout = async () => {
    try {
      await signOut();
      toast.success('Logout realizado', { description: 'Você foi desconectado com sucesso.' });
      window.setTimeout(() => window.location.assign('/'), LOGOUT_REDIRECT_MS);
    } catch {
      toast.error('Erro', { description: 'Erro ao fazer logout.' });
    }
  };

  const items: DropdownMenuItem[] = [
    ...(isDeveloper ? [{ key: 'developer', label: 'Developer Dashboard', icon: <Code2 size={16} aria-hidden="true" />, to: '/developer' }] : []),
    ...(isAdmin ? [{ key: 'admin', label: 'Admin Panel', icon: <Shield size={16} aria-hidden="true" />, to: '/admin' }] : []),
    { key: 'account', label: 'Minha conta', icon: <UserCog size={16} aria-hidden="true" />, to: '/minha-conta' },
    { key: 'orders', label: 'Meus pedidos', icon: <Package size={16} aria-hidden="true" />, to: '/minha-conta/pedidos' },
    { key: 'logout', label: 'Sair', icon: <LogOut size={16} aria-hidden="true" />, onSelect: () => void logout() },
  ];

  return (
    <DropdownMenu
      triggerLabel={`Conta de ${user.email}`}
      triggerClassName={styles.accountButton}
      trigger={
        <>
          <User size={20} aria-hidden="true" />
          <span className={styles.accountLabel}>{user.email}</span>
        </>
      }
      header={
        <>
          <p>
            Olá, <strong>{user.email}</strong>
          </p>
          <p className={styles.accountStatus}>Sessão ativa</p>
        </>
      }
      items={items}
      testId="account-menu"
    />
  );
}
