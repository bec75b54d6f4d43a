/**
 * Contact details (storefront.md 2 "/contato"): phone / WhatsApp, e-mail, location, opening hours
 * (storefront.md 9 defaults) and a WhatsApp button, all from `GET /api/store-contact`
 * (the owner edits them in the panel).
 */
import { Mail, MapPin, MessageCircle, Phone } from 'lucide-react';
import { Card, Table, buttonClassName, useStoreContact } from '@prata/shared-ui';
import { whatsAppUrl } from '../utils/whatsapp.ts';
import styles from './contact.module.css';

export function ContactDetails() {
  const contact = useStoreContact();
  return (
    <Card as="section" className={styles.card} aria-labelledby="contato-info-title">
      <h2 id="contato-info-title">Informações de Contato</h2>
      <ul className={styles.details}>
        <li>
          <Phone size={20} aria-hidden="true" />
          <span>
            <strong>Telefone e WhatsApp</strong>
            <a href={`tel:+55${contact.phone.replace(/\D/g, '')}`}>{contact.phone}</a>
          </span>
        </li>
        <li>
          <Mail size={20} aria-hidden="true" />
          <span>
            <strong>E-mail</strong>
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </span>
        </li>
        <li>
          <MapPin size={20} aria-hidden="true" />
          <span>
            <strong>Localização</strong>
            {contact.address} · loja online com envio para todo o Brasil
          </span>
        </li>
      </ul>
      <h2 id="horario-title">Horário de Atendimento</h2>
      <Table variant="plain" className={styles.hours} aria-labelledby="horario-title">
        <tbody>
          {contact.openingHours.map(({ days, hours }) => (
            <tr key={`${days}-${hours}`}>
              <th scope="row">{days}</th>
              <td>{hours}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <a href={whatsAppUrl(contact.whatsappNumber)} target="_blank" rel="noopener noreferrer" className={buttonClassName('accent', 'md', { block: true })}>
        <MessageCircle size={18} aria-hidden="true" /> Conversar no WhatsApp
      </a>
    </Card>
  );
}
