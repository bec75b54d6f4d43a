/**
 * The sections of `/minha-conta`: Perfil, E-mail, Senha, Endereços, Lembretes do carrinho (the
 * opt-in to cart reminders), the link to the orders and 'Seus dados'. A chunk of its own (loaded by my-account.tsx with `React.lazy`), so
 * the form library and the account forms stay out of the remote's first load.
 */
import { Link } from '@prata/shared-ui/router';
import { Card, SkeletonText, buttonClassName } from '@prata/shared-ui';
import { AccountPrivacy } from '../../features/account/components/account-privacy.tsx';
import { CartReminders } from '../../features/account/components/cart-reminders.tsx';
import { EmailChangeForm, PasswordChangeForm } from '../../features/account/components/credential-forms.tsx';
import { ProfileForm } from '../../features/account/components/profile-form.tsx';
import { SavedAddresses } from '../../features/account/components/saved-addresses.tsx';
import { StoreCreditBalance } from '../../features/account/components/store-credit.tsx';
import { useProfile } from '../../features/account/api/get-profile.ts';
import { MY_ORDERS_PATH } from './my-orders.tsx';
import styles from './routes.module.css';

/** The account's sections, once the profile is known. */
export default function AccountSections() {
  const profile = useProfile();
  return (
    <div className={styles.sections}>
      <Card title="Perfil" testId="account-profile">
        {profile.data ? <ProfileForm key={profile.data.id} profile={profile.data} /> : profile.isError ? <p>Não foi possível carregar o perfil.</p> : <SkeletonText lines={2} />}
      </Card>
      <Card title="E-mail" testId="account-email">
        {profile.data ? <EmailChangeForm currentEmail={profile.data.email} /> : <SkeletonText lines={2} />}
      </Card>
      <Card title="Senha" testId="account-password">
        <PasswordChangeForm />
      </Card>
      <Card title="Endereços" description="Os endereços salvos aparecem no checkout para preencher a entrega." testId="account-addresses">
        <SavedAddresses />
      </Card>
      <Card title="Lembretes do carrinho" description="Um e-mail quando você deixar peças no carrinho, com um link que o recupera em qualquer aparelho." testId="account-cart-reminders">
        <CartReminders />
      </Card>
      <Card title="Pedidos e dados">
        <StoreCreditBalance />
        <div className={styles.links}>
          <Link to={MY_ORDERS_PATH} className={buttonClassName('outline')}>
            Meus pedidos
          </Link>
          <a href="#seus-dados" className={buttonClassName('ghost')}>
            Seus dados (exportar ou excluir)
          </a>
        </div>
      </Card>
      <AccountPrivacy />
    </div>
  );
}
