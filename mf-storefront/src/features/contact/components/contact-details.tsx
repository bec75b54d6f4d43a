/**
 * Contact details (storefront.md 2 "/contato"): phone / WhatsApp, e-mail, location, opening hours
 * (Mon–Fri 9–18, Sat 9–14, Sun closed; storefront.md 9) and a WhatsApp button.
 */
import { Mail, MapPin, MessageCircle, Phone } from 'lucide-react';
import { OPENING_HOURS, STORE_CONTACT } from '@prata/contracts/content';
import { Card, Table, buttonClassName } from '@prata/shared-ui';
import { whatsAppUrl } from '../utils/whatsapp.ts';
import styles from './contact.module.css';

export function ContactDetails() {
  return (
    <Card as="section" className={styles.card} aria-labelledby="contato-info-title">
      <h2 id="contato-info-title">Informações de Contato</h2>
      <ul className={styles.details}>
        <li>
          <Phone size={20} aria-hidden="true" />
          <span>
            <strong>Telefone e WhatsApp</strong>
            <a href={`tel:+${STORE_CONTACT.whatsappNumber}`}>{STORE_CONTACT.phone}</a>
          </span>
        </li>
        <li>
          <Mail size={20} aria-hidden="true" />
          <span>
            <strong>E-mail</strong>
            <a href={`mailto:${STORE_CONTACT.email}`}>{STORE_CONTACT.email}</a>
          </span>
        </li>
        <li>
          <MapPin size={20} aria-hidden="true" />
          <span>
            <strong>Localização</strong>
            {STORE_CONTACT.city} · loja online com envio para todo o Brasil
          </span>
        </li>
      </ul>
      <h2 id="horario-title">Horário de Atendimento</h2>
      <Table variant="plain" className={styles.hours} aria-labelledby="horario-title">
        <tbody>
          {OPENING_HOURS.map(({ days, hours }) => (
            <tr key={days}>
              <th scope="row">{days}</th>
              <td>{hours}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <a href={whatsAppUrl()} target="_blank" rel="noopener noreferrer" className={buttonClassName('accent', 'md', { block: true })}>
        <MessageCircle size={18} aria-hidden="true" /> Conversar no WhatsApp
      </a>
    </Card>
  );
}
