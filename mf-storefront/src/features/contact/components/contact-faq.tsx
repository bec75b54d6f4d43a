/**
 * Contact page FAQ (storefront.md 2 "/contato": delivery, ring resizing, silver care), consistent
 * with storefront.md 9 (delivery 3–7 business days Southeast, 5–15 elsewhere; 30-day exchanges;
 * 6-month warranty) and the store's own free shipping (lib/offer-texts.ts).
 */
import { useStoreOffers } from '@prata/shared-ui';
import { freeShippingPhrase } from '../../../lib/offer-texts.ts';
import styles from './contact.module.css';

/** The three answers; `freeShipping`: the store's free-shipping phrase, or null when it gives none. */
export function contactFaq(freeShipping: string | null) {
  const freight = freeShipping
    ? `${freeShipping[0]!.toUpperCase()}${freeShipping.slice(1)}; abaixo disso, o frete é calculado pelo CEP no carrinho.`
    : 'O frete é calculado pelo CEP no carrinho.';
  return [
  {
    question: 'Qual é o prazo de entrega?',
    answer:
      `${freight} Processamos o pedido em até 24 horas e a entrega leva de 3 a 7 dias úteis no Sudeste e de 5 a 15 dias úteis nas demais regiões, sempre com código de rastreamento.`,
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
}

export function ContactFaq() {
  const faq = contactFaq(freeShippingPhrase(useStoreOffers()));
  return (
    <section className={styles.faq} aria-labelledby="faq-title">
      <h2 id="faq-title">Perguntas Frequentes</h2>
      {faq.map(({ question, answer }) => (
        <details key={question}>
          <summary>{question}</summary>
          <p>{answer}</p>
        </details>
      ))}
    </section>
  );
}
