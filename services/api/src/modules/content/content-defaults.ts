/**
 * Default content (admin.md 3): the six content sections of the spec and the size guide with their pt-BR texts and the social
 * links of each platform. Inserted when missing at start-up (ContentService.ensureDefaults); an
 * administrator edits them afterwards. Texts use the business constants of storefront.md 9.
 * Content is plain text: a blank line separates paragraphs, a single newline separates lines.
 */
import { DEFAULT_STORE_CONTACT, type ContentSectionKey, type SocialPlatform } from '@prata/contracts';

export interface DefaultContentSection {
  sectionKey: ContentSectionKey;
  title: string;
  content: string;
}

const privacyPolicy = `A Prata 925 respeita a sua privacidade. Esta política explica quais dados coletamos, por que os coletamos e como você exerce os seus direitos, conforme a Lei Geral de Proteção de Dados (Lei nº 13.709/2018).

1. Dados que coletamos
Nome, e-mail, telefone e endereço de entrega informados no cadastro e na finalização da compra, além do histórico de pedidos e dos produtos favoritados.

2. Como usamos os seus dados
Para processar e entregar pedidos, reservar no estoque os produtos favoritados, responder às suas mensagens (em até 24 horas) e cumprir obrigações legais e fiscais. Não vendemos nem alugamos os seus dados.

3. Pagamentos
Os dados do cartão são processados pela operadora de pagamento e não ficam guardados em nossos servidores.

4. Armazenamento no navegador
Guardamos no seu navegador o carrinho, os favoritos e a sua sessão, para que você não perca nada ao voltar à loja.

5. Seus direitos
Você pode pedir acesso, correção ou exclusão dos seus dados a qualquer momento pelo e-mail ${DEFAULT_STORE_CONTACT.email}.

6. Idade mínima
A loja é destinada a maiores de 18 anos.`;

const termsOfService = `Ao usar a loja Prata 925 você concorda com estes termos.

1. Cadastro
É preciso ter pelo menos 18 anos para criar uma conta e comprar. Você é responsável pelos dados informados e pela guarda da sua senha.

2. Produtos e preços
Todas as joias são de prata 925 legítima. Os preços são exibidos em reais (R$) e vale o preço do momento da compra. As fotos são ilustrativas e pequenas variações de tom podem ocorrer.

3. Pagamento
Aceitamos PIX, cartão de crédito em até 12x sem juros e boleto. O PIX deve ser pago em até 30 minutos e o boleto vence em 3 dias úteis; depois disso o pedido é cancelado.

4. Reserva de favoritos
Clientes com conta podem reservar no estoque um produto favoritado por 30 minutos. Terminado o prazo, a reserva expira sozinha e o produto volta ao estoque.

5. Entrega
O frete é grátis para todo o Brasil. Os pedidos são processados em até 24 horas e entregues em 3 a 7 dias úteis no Sudeste e em 5 a 15 dias úteis nas demais regiões.

6. Garantia, trocas e devoluções
Todas as peças têm garantia de 6 meses. Trocas e devoluções seguem a nossa Política de Troca e Devolução.`;

const exchangePolicy = `Queremos que você ame a sua joia. Se algo não estiver certo, veja como trocar ou devolver.

1. Prazos
Você pode pedir a troca ou a devolução em até 30 dias corridos após o recebimento. Para produtos personalizados, o prazo é de 7 dias corridos após o recebimento.

2. Condições
A peça deve estar sem sinais de uso, na embalagem original e acompanhada da nota fiscal.

3. Como solicitar
Fale conosco pelo WhatsApp ${DEFAULT_STORE_CONTACT.phone} ou pelo e-mail ${DEFAULT_STORE_CONTACT.email} informando o número do pedido. Respondemos em até 24 horas com as instruções de envio, sem custo para você.

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

const shippingInfo = `Frete grátis para todo o Brasil.

Prazos de entrega
Sudeste: 3 a 7 dias úteis.
Demais regiões: 5 a 15 dias úteis.

Os pedidos são processados em até 24 horas após a confirmação do pagamento, e o código de rastreamento chega por e-mail assim que a joia é enviada.

Todas as peças seguem em embalagem protegida, prontas para presente.`;

const aboutUs = `A Prata 925 nasceu da paixão por joias que acompanham a história de quem as usa. Começamos pequenos, escolhendo cada peça à mão, e hoje enviamos anéis, brincos, colares e pulseiras de prata 925 legítima para todo o Brasil.

Trabalhamos apenas com prata de lei, com certificado de autenticidade, e revisamos cada joia antes do envio. Acreditamos que uma joia bonita não precisa ser inacessível: por isso oferecemos frete grátis, parcelamento em até 12x e garantia de 6 meses.

Cada pedido é embalado com carinho, porque muitas vezes ele é um presente para alguém especial, ou para você mesma.`;

const contactInfo = `WhatsApp e telefone: ${DEFAULT_STORE_CONTACT.phone}
E-mail: ${DEFAULT_STORE_CONTACT.email}

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

const sizeGuide = `Como medir seu aro em casa

Com um anel que já serve: meça com uma régua o diâmetro interno do anel (de uma borda interna à outra) e procure a medida mais próxima na tabela.

Com um barbante ou uma tira de papel: passe-o em volta da base do dedo, sem apertar, marque onde ele se encontra e meça o comprimento com uma régua: essa é a circunferência. Meça no fim do dia, quando os dedos estão um pouco mais inchados, e, entre dois aros, escolha o maior.

Tabela de aros (medidas internas)
${aroTable}

Ficou na dúvida? Fale com a gente pelo WhatsApp ${DEFAULT_STORE_CONTACT.phone} que ajudamos você a escolher.`;

/** The default sections, in the spec's order (admin.md 3), then the size guide. */
export const DEFAULT_CONTENT_SECTIONS: readonly DefaultContentSection[] = [
  { sectionKey: 'privacy_policy', title: 'Política de Privacidade', content: privacyPolicy },
  { sectionKey: 'terms_of_service', title: 'Termos de Serviço', content: termsOfService },
  { sectionKey: 'exchange_policy', title: 'Política de Troca e Devolução', content: exchangePolicy },
  { sectionKey: 'shipping_info', title: 'Informações de Entrega', content: shippingInfo },
  { sectionKey: 'about_us', title: 'Sobre Nós', content: aboutUs },
  { sectionKey: 'contact_info', title: 'Informações de Contato', content: contactInfo },
  { sectionKey: 'size_guide', title: 'Guia de tamanhos', content: sizeGuide },
];

/** Default links per platform (link_1; the other slots start empty). */
export const DEFAULT_SOCIAL_LINKS: Readonly<Record<SocialPlatform, string>> = {
  instagram: 'https://instagram.com/prata925',
  facebook: 'https://facebook.com/prata925',
  telegram: 'https://t.me/prata925',
  whatsapp: `https://wa.me/${DEFAULT_STORE_CONTACT.whatsappNumber}`,
};
