/**
 * `/admin/profile` (admin.md 2, 5, 8): basic info, change e-mail, change password, security tips
 * and the panel password change card.
 */
import { ChangeEmailCard } from '../../features/profile/components/change-email-card.tsx';
import { ChangePasswordCard } from '../../features/profile/components/change-password-card.tsx';
import { PanelPasswordCard } from '../../features/profile/components/panel-password-card.tsx';
import { ProfileInfoCard } from '../../features/profile/components/profile-info-card.tsx';
import { SecurityTips } from '../../features/profile/components/security-tips.tsx';
import { PageHeader } from './page-header.tsx';
import styles from './routes.module.css';

export function ProfileRoute() {
  return (
    <>
      <PageHeader title="Perfil" lead="Suas informações, email e senhas." />
      <div className={styles.grid}>
        <ProfileInfoCard />
        <ChangeEmailCard />
        <ChangePasswordCard />
        <PanelPasswordCard />
        <SecurityTips />
      </div>
    </>
  );
}
