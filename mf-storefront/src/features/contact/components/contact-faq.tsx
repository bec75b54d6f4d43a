/**
 * Contact page FAQ (storefront.md 2 "/contato": delivery, ring resizing, silver care), consistent
 * with storefront.md 9 (delivery 3–7 business days Southeast, 5–15 elsewhere; free shipping;
 * 30-day exchanges; 6-month warranty).
 */
import styles from './contact.module.css';

export const CONTACT_FAQ = [
  {
    question: 'Qual é o prazo de entrega?',
    answer:
      'O frete é grátis para todo o Brasil. Processamos o pedido em até 24 horas e a entrega leva de 3 a 7 dias úteis no Sudeste e de 5 a 15 dias úteis nas demais regiões, sempre com código de rastreamento.',
  },
  {
    question: 'O anel não serviu. Posso ajustar ou trocar o tamanho?',
    answer:
      'Sim. Você pode trocar o anel por outro tamanho em até 30 dias corridos após o recebimento, sem custo, desde que a peça esteja sem sinais de uso. Na dúvida sobre a medida, chame a gente no WhatsApp que ajudamos você a descobrir o seu aro.',
  },
  {
    question: 'Como cuidar das minhas joias de prata?',
    answer:
      'Guarde cada peça separada, em local seco e longe da luz. Evite contato com perfume, cremes, cloro e água do mar, e limpe com uma flanela macia. Todas as peças têm garantia de 6 meses contra defeitos de fabricação.',
  },
] as const;

export function ContactFaq() {
  return (
    <section className={styles.faq} aria-labelledby="faq-title">
      <h2 id="faq-title">Perguntas Frequentes</h2>
      {CONTACT_FAQ.map(({ question, answer }) => (
        <details key={question}>
          <summary>{question}</summary>
          <p>{answer}</p>
        </details>
      ))}
    </section>
  );
}
