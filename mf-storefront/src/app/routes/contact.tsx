/**
 * Contact `/contato` (storefront.md 2, 4, 5): the editable contact text (`contact_info` section,
 * admin.md 3; the built-in line while it loads or when it cannot be loaded), contact details
 * with opening hours and a WhatsApp button, the message form (opens a WhatsApp chat) and three
 * FAQ entries.
 */
import { ContactDetails } from '../../features/contact/components/contact-details.tsx';
import { ContactFaq } from '../../features/contact/components/contact-faq.tsx';
import { ContactForm } from '../../features/contact/components/contact-form.tsx';
import { useContentSection } from '../../features/content/api/get-content-section.ts';
import { ContentText } from '../../features/content/components/content-text.tsx';
import styles from './routes.module.css';

export function ContactRoute() {
  const info = useContentSection('contact_info');
  return (
    <div className={`p9-container ${styles.page}`}>
      <h1 className={styles.pageTitle}>Contato</h1>
      {info.isSuccess ? (
        <div className={styles.summary} data-testid="contact-info-text">
          <ContentText text={info.data.content} />
        </div>
      ) : (
        <p className={styles.summary}>Fale com a gente pelo WhatsApp, telefone ou e-mail. Respondemos em até 24 horas.</p>
      )}
      <div className={styles.contactGrid}>
        <ContactDetails />
        <ContactForm />
      </div>
      <ContactFaq />
    </div>
  );
}
