/**
 * Default content (admin.md 3): the six content sections of the spec and the size guide with their pt-BR texts and the social
 * links of each platform. Inserted when missing at start-up (ContentService.ensureDefaults); an
 * administrator edits them afterwards. Where a text states a rule of the store it is written from
 * the store's own settings ({@link StoreRules}: free shipping, PIX discount, card instalments, how long a PIX and a
 * boleto hold the pieces and how long a new one may be asked for, the contact) and says what the
 * store does (returns from the order's page, the withdrawal right of CDC art. 49).
 * Content is plain text: a blank line separates paragraphs, a single newline separates lines.
 */
import {
  BOLETO_BUSINESS_DAYS,
  DEFAULT_INSTALLMENT_RULES,
  DEFAULT_STORE_CONTACT,
  PIX_EXPIRY_MS,
  SHIPPING_REGION_NAMES,
  WITHDRAWAL_DAYS,
  centsToDecimal,
  type ContentSectionKey,
  type InstallmentRules,
  type ShippingRegion,
  type SocialPlatform,
} from '@prata/contracts';

/** The store's rules the default texts state, read from its settings and configuration at start. */
export interface StoreRules {
  contact: { phone: string; email: string };
  /** Goods from this amount ship free, BRL cents; null: never. */
  freeShippingThresholdCents: number | null;
  /** Where free shipping holds; null: all of Brazil. */
  freeShippingRegions: readonly ShippingRegion[] | null;
  /** Whole percent off for paying by PIX; 0: none. */
  pixDiscountPercent: number;
  /** The card instalment rules (contracts installments.ts). */
  installments: InstallmentRules;
  /** Business days an unpaid boleto holds its pieces (config `orderLimits`). */
  boletoHoldBusinessDays: number;
  /** Days after a PIX or boleto expired during which a new one may be asked for the same order. */
  paymentRenewalWindowDays: number;
}

/** The rules of a store nobody configured yet: no free shipping, no PIX discount, the service's defaults. */
export const DEFAULT_STORE_RULES: StoreRules = {
  contact: DEFAULT_STORE_CONTACT,
  freeShippingThresholdCents: null,
  freeShippingRegions: null,
  pixDiscountPercent: 0,
  installments: DEFAULT_INSTALLMENT_RULES,
  boletoHoldBusinessDays: 1,
  paymentRenewalWindowDays: 7,
};

/** BRL cents as 'R$ 299,00'. */
function reais(cents: number): string {
  const [whole = '0', fraction = '00'] = centsToDecimal(cents).split('.');
  return `R$ ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${fraction}`;
}

/** 'Frete grátis em compras a partir de R$ 299,00 (Sudeste e Sul).', or what the freight costs without free shipping. */
export function freeShippingSentence(rules: Pick<StoreRules, 'freeShippingThresholdCents' | 'freeShippingRegions'>): string {
  if (rules.freeShippingThresholdCents === null) return 'O frete é calculado no carrinho e no checkout pelo CEP de entrega.';
  const names = (rules.freeShippingRegions ?? []).map((region) => SHIPPING_REGION_NAMES[region]);
  const where = names.length > 1 ? ` para ${names.slice(0, -1).join(', ')} e ${names.at(-1)}` : names.length === 1 ? ` para ${names[0]}` : ' para todo o Brasil';
  return `Frete grátis${where} em compras a partir de ${reais(rules.freeShippingThresholdCents)}; abaixo disso, o frete é calculado no carrinho e no checkout pelo CEP de entrega.`;
}

/**
 * The card's instalments: 'em até 12x sem juros' (the default rules), 'à vista', 'em até 12x com
 * juros de 2,99% ao mês', or 'em até 12x (até 6x sem juros; acima disso, juros de 2,99% ao mês)'.
 */
function cardSentence({ maxInstallments: max, interestFreeInstallments: free, monthlyInterestPercent: rate }: InstallmentRules): string {
  const interest = `juros de ${String(rate).replace('.', ',')}% ao mês`;
  if (max === 1) return 'à vista';
  if (free >= max || rate <= 0) return `em até ${max}x sem juros`;
  if (free === 1) return `em até ${max}x com ${interest}`;
  return `em até ${max}x (até ${free}x sem juros; acima disso, ${interest})`;
}

/** The payment rules: methods, the PIX discount, the card's instalments, how long each code holds the pieces, the new code. */
function paymentSentence(rules: StoreRules): string {
  const discount = rules.pixDiscountPercent > 0 ? ` Pagando com PIX você tem ${rules.pixDiscountPercent}% de desconto.` : '';
  const hold = rules.boletoHoldBusinessDays === 1 ? 'até o fim do dia útil seguinte' : `por ${rules.boletoHoldBusinessDays} dias úteis`;
  return `Aceitamos PIX, cartão de crédito ${cardSentence(rules.installments)} e boleto.${discount} O código PIX vale por ${PIX_EXPIRY_MS / 60_000} minutos. O boleto vence em ${BOLETO_BUSINESS_DAYS} dias úteis, mas as peças ficam reservadas só ${hold}. Sem o pagamento nesse prazo o pedido é cancelado e as peças voltam ao estoque; por ${rules.paymentRenewalWindowDays} dias você ainda pode gerar um novo PIX ou boleto para o mesmo pedido, pelo mesmo valor, na página do pedido, enquanto as peças estiverem disponíveis.`;
}

export interface DefaultContentSection {
  sectionKey: ContentSectionKey;
  title: string;
  content: string;
}

const privacyPolicy = (rules: StoreRules) => `A Prata 925 respeita a sua privacidade. Esta política explica quais dados coletamos, por que os coletamos e como você exerce os seus direitos, conforme a Lei Geral de Proteção de Dados (Lei nº 13.709/2018).

1. Dados que coletamos
Nome, e-mail, telefone e endereço de entrega informados no cadastro e na finalização da compra, além do histórico de pedidos e dos produtos favoritados.

2. Como usamos os seus dados
Para processar e entregar pedidos, reservar no estoque os produtos favoritados, responder às suas mensagens (em até 24 horas) e cumprir obrigações legais e fiscais. Não vendemos nem alugamos os seus dados.

3. Pagamentos
Os dados do cartão são processados pela operadora de pagamento e não ficam guardados em nossos servidores.

4. Cookies e armazenamento no navegador
Cookies essenciais (sempre ativos): guardamos no seu navegador o carrinho, os favoritos, a sua sessão e a sua escolha sobre cookies, para que a loja funcione e você não perca nada ao voltar.
Medição (opcional, desligada até você permitir): estatísticas de uso da loja pelo Google Analytics e um identificador aleatório do navegador usado para testar novas versões do site.
Marketing (opcional, desligada até você permitir): o Pixel da Meta e o envio das suas compras à Meta e ao Google para medir anúncios; o seu e-mail e telefone só são enviados com esta permissão, e sempre cifrados (hash SHA-256).
Na primeira visita você escolhe entre Aceitar, Rejeitar ou Configurar cada categoria; nenhum script de terceiros é carregado antes disso. Você pode mudar a escolha quando quiser em "Preferências de cookies", no rodapé. Registramos cada escolha e o momento em que foi feita, e esse registro faz parte dos dados que você pode pedir.

5. Seus direitos
Você pode pedir acesso, correção ou exclusão dos seus dados a qualquer momento pelo e-mail ${rules.contact.email}.

6. Idade mínima
A loja é destinada a maiores de 18 anos.`;

const termsOfService = (rules: StoreRules) => `Ao usar a loja Prata 925 você concorda com estes termos.

1. Cadastro
É preciso ter pelo menos 18 anos para criar uma conta e comprar. Você é responsável pelos dados informados e pela guarda da sua senha.

2. Produtos e preços
Todas as joias são de prata 925 legítima. Os preços são exibidos em reais (R$) e vale o preço do momento da compra. As fotos são ilustrativas e pequenas variações de tom podem ocorrer.

3. Pagamento
${paymentSentence(rules)}

4. Reserva de favoritos
Clientes com conta podem reservar no estoque um produto favoritado por 30 minutos. Terminado o prazo, a reserva expira sozinha e o produto volta ao estoque.

5. Entrega
${freeShippingSentence(rules)} Os pedidos são processados em até 24 horas e entregues em 3 a 7 dias úteis no Sudeste e em 5 a 15 dias úteis nas demais regiões.

6. Garantia, trocas e devoluções
Todas as peças têm garantia de 6 meses. Trocas e devoluções seguem a nossa Política de Troca e Devolução.`;

const exchangePolicy = (rules: StoreRules) => `Queremos que você ame a sua joia. Se algo não estiver certo, veja como trocar ou devolver.

1. Prazos
Você pode pedir a troca ou a devolução em até 30 dias corridos após o recebimento. Para produtos personalizados, o prazo é de 7 dias corridos após o recebimento. Nos primeiros ${WITHDRAWAL_DAYS} dias (direito de arrependimento, Código de Defesa do Consumidor art. 49) o pedido é aprovado na hora; depois, a loja analisa cada pedido e responde por e-mail. Peças com gravação personalizada também têm o direito de arrependimento de ${WITHDRAWAL_DAYS} dias: você recebe de volta o valor da peça e da gravação; a embalagem para presente é devolvida junto com o frete quando o pedido inteiro é devolvido nesse prazo.

2. Condições
A peça deve estar sem sinais de uso, na embalagem original e acompanhada da nota fiscal.

3. Como solicitar
Entre em Minha conta, abra o pedido em Meus pedidos e escolha Devolver ou trocar. Respondemos por e-mail com as instruções de envio. Dúvidas: WhatsApp ${rules.contact.phone} ou e-mail ${rules.contact.email}.

4. Reembolso
Cartão de crédito: o estorno aparece em até 2 faturas.
Cartão de débito: até 5 dias úteis.
PIX: até 2 dias úteis.
Boleto: até 5 dias úteis, por transferência para a conta que você informar.

5. Garantias
Garantia legal: 30 dias.
Garantia contratual: 90 dias.
Defeitos de fabricação: cobertos por 1 ano.
Garantia da loja: 6 meses em todas as peças.`;

const shippingInfo = (rules: StoreRules) => `${freeShippingSentence(rules)}

Prazos de entrega
Sudeste: 3 a 7 dias úteis.
Demais regiões: 5 a 15 dias úteis.

Os pedidos são processados em até 24 horas após a confirmação do pagamento, e o código de rastreamento chega por e-mail assim que a joia é enviada.

Todas as peças seguem em embalagem protegida, prontas para presente.`;

const aboutUs = (rules: StoreRules) => `A Prata 925 nasceu da paixão por joias que acompanham a história de quem as usa. Começamos pequenos, escolhendo cada peça à mão, e hoje enviamos anéis, brincos, colares e pulseiras de prata 925 legítima para todo o Brasil.

Trabalhamos apenas com prata de lei, com certificado de autenticidade, e revisamos cada joia antes do envio. Acreditamos que uma joia bonita não precisa ser inacessível: por isso oferecemos ${rules.freeShippingThresholdCents !== null ? `frete grátis a partir de ${reais(rules.freeShippingThresholdCents)}, ` : ''}parcelamento em até 12x e garantia de 6 meses.

Cada pedido é embalado com carinho, porque muitas vezes ele é um presente para alguém especial, ou para você mesma.`;

const contactInfo = (rules: StoreRules) => `WhatsApp e telefone: ${rules.contact.phone}
E-mail: ${rules.contact.email}

Horário de atendimento
Segunda a Sexta: 9h às 18h
Sábado: 9h às 14h
Domingo: fechado

Respondemos todas as mensagens em até 24 horas.`;

/**
 * The ring size guide: the Brazilian aro table, where aro N is a ring whose inner
 * circumference is about N + 40 mm; the diameter is the circumference over pi. Lines such as
 * 'Aro 14: 54 mm de circunferência, 17,2 mm de diâmetro' for aros 10 to 30.
 */
const aroTable = Array.from({ length: 21 }, (_, index) => {
  const aro = 10 + index;
  const circumference = aro + 40;
  return `Aro ${aro}: ${circumference} mm de circunferência, ${(circumference / Math.PI).toFixed(1).replace('.', ',')} mm de diâmetro`;
}).join('\n');

const sizeGuide = (rules: StoreRules) => `Como medir seu aro em casa

Com um anel que já serve: meça com uma régua o diâmetro interno do anel (de uma borda interna à outra) e procure a medida mais próxima na tabela.

Com um barbante ou uma tira de papel: passe-o em volta da base do dedo, sem apertar, marque onde ele se encontra e meça o comprimento com uma régua: essa é a circunferência. Meça no fim do dia, quando os dedos estão um pouco mais inchados, e, entre dois aros, escolha o maior.

Tabela de aros (medidas internas)
${aroTable}

Ficou na dúvida? Fale com a gente pelo WhatsApp ${rules.contact.phone} que ajudamos você a escolher.`;

/** The default sections for a store with `rules`, in the spec's order (admin.md 3), then the size guide. */
export function defaultContentSections(rules: StoreRules): DefaultContentSection[] {
  return [
    { sectionKey: 'privacy_policy', title: 'Política de Privacidade', content: privacyPolicy(rules) },
    { sectionKey: 'terms_of_service', title: 'Termos de Serviço', content: termsOfService(rules) },
    { sectionKey: 'exchange_policy', title: 'Política de Troca e Devolução', content: exchangePolicy(rules) },
    { sectionKey: 'shipping_info', title: 'Informações de Entrega', content: shippingInfo(rules) },
    { sectionKey: 'about_us', title: 'Sobre Nós', content: aboutUs(rules) },
    { sectionKey: 'contact_info', title: 'Informações de Contato', content: contactInfo(rules) },
    { sectionKey: 'size_guide', title: 'Guia de tamanhos', content: sizeGuide(rules) },
  ];
}

/** The default sections of a store nobody configured ({@link DEFAULT_STORE_RULES}). */
export const DEFAULT_CONTENT_SECTIONS: readonly DefaultContentSection[] = defaultContentSections(DEFAULT_STORE_RULES);

/** Default links per platform (link_1; the other slots start empty). */
export const DEFAULT_SOCIAL_LINKS: Readonly<Record<SocialPlatform, string>> = {
  instagram: 'https://instagram.com/prata925',
  facebook: 'https://facebook.com/prata925',
  telegram: 'https://t.me/prata925',
  whatsapp: `https://wa.me/${DEFAULT_STORE_CONTACT.whatsappNumber}`,
};
