/**
 * Seed catalogue: the 36 sterling silver (prata 925) products the store starts with.
 *
 * Units: `priceCents` is BRL cents (integer; 14990 = R$ 149,90), `stock` is units on hand,
 * `ageDays` is how many days before seeding the product was created (all distinct, so
 * "newest first" is a total order). `slug` doubles as the image file name (`${slug}.svg`,
 * drawn by `product-art.ts`). Product names and descriptions are pt-BR, as shown to customers.
 */
import type { ProductCategory } from '@prata/contracts';

/** One seeded product. priceCents = BRL cents (integer). */
export interface SeedProduct {
  /** Kebab-case ASCII, unique; also the image file name `${slug}.svg`. */
  slug: string;
  /** pt-BR product name. */
  name: string;
  category: ProductCategory;
  /** BRL cents (integer). */
  priceCents: number;
  /** One or two pt-BR sentences. */
  description: string;
  isNew: boolean;
  isBestseller: boolean;
  isFeatured: boolean;
  /** Units on hand, 0..40. */
  stock: number;
  /** Days before seeding the product was created, 0..120, distinct across the catalogue. */
  ageDays: number;
}

export const SEED_CATALOGUE: readonly SeedProduct[] = [
  // --- Anéis -------------------------------------------------------------------------------
  {
    slug: 'anel-solitario-zirconia',
    name: 'Anel Solitário Zircônia',
    category: 'aneis',
    priceCents: 14990,
    description:
      'Anel solitário em prata 925 com zircônia cristal de 6 mm presa por quatro garras. Um clássico delicado para usar todos os dias ou presentear.',
    isNew: false,
    isBestseller: true,
    isFeatured: true,
    stock: 28,
    ageDays: 95,
  },
  {
    slug: 'anel-aparador-cravejado',
    name: 'Anel Aparador Cravejado',
    category: 'aneis',
    priceCents: 12990,
    description:
      'Aparador fino em prata 925 cravejado com microzircônias e banho de ródio. Perfeito para compor com a aliança ou com outros anéis.',
    isNew: false,
    isBestseller: false,
    isFeatured: false,
    stock: 17,
    ageDays: 64,
  },
  {
    slug: 'anel-meia-alianca-zirconias',
    name: 'Anel Meia Aliança Zircônias',
    category: 'aneis',
    priceCents: 18990,
    description:
      'Meia aliança em prata 925 com fileira de zircônias cristal e acabamento em ródio que realça o brilho. Fica linda sozinha ou em composição.',
    isNew: false,
    isBestseller: true,
    isFeatured: false,
    stock: 22,
    ageDays: 88,
  },
  {
    slug: 'anel-gota-topazio-azul',
    name: 'Anel Gota Topázio Azul',
    category: 'aneis',
    priceCents: 24990,
    description:
      'Anel em prata 925 com topázio azul natural lapidado em gota. Cor intensa e aro confortável para o dia a dia.',
    isNew: true,
    isBestseller: false,
    isFeatured: true,
    stock: 9,
    ageDays: 3,
  },
  {
    slug: 'anel-trancado-liso',
    name: 'Anel Trançado Liso',
    category: 'aneis',
    priceCents: 8990,
    description:
      'Anel em prata 925 polida com desenho trançado, sem pedras. Discreto, leve e fácil de combinar.',
    isNew: false,
    isBestseller: false,
    isFeatured: false,
    stock: 35,
    ageDays: 110,
  },
  {
    slug: 'anel-falange-minimalista',
    name: 'Anel Falange Minimalista',
    category: 'aneis',
    priceCents: 9990,
    description:
      'Anel de falange em prata 925 com aro fino e um pontinho de zircônia. Minimalista e cheio de estilo.',
    isNew: false,
    isBestseller: false,
    isFeatured: false,
    stock: 12,
    ageDays: 49,
  },
  {
    slug: 'anel-chuveiro-zirconias',
    name: 'Anel Chuveiro Zircônias',
    category: 'aneis',
    priceCents: 45990,
    description:
      'Anel chuveiro em prata 925 com zircônias cristal cravejadas em formato de flor e banho de ródio. Brilho de festa com acabamento impecável.',
    isNew: false,
    isBestseller: false,
    isFeatured: false,
    stock: 2,
    ageDays: 47,
  },
  {
    slug: 'anel-cocktail-zirconia-verde',
    name: 'Anel Cocktail Zircônia Verde',
    category: 'aneis',
    priceCents: 27990,
    description:
      'Anel cocktail em prata 925 com zircônia verde oval cercada por um halo de pedrinhas cristal. Uma peça marcante para ocasiões especiais.',
    isNew: false,
    isBestseller: false,
    isFeatured: false,
    stock: 0,
    ageDays: 71,
  },

  // --- Brincos -----------------------------------------------------------------------------
  {
    slug: 'brinco-ponto-de-luz',
    name: 'Brinco Ponto de Luz Zircônia',
    category: 'brincos',
    priceCents: 8990,
    description:
      'Brinco ponto de luz em prata 925 com zircônia cristal de 5 mm e tarraxa de silicone. O queridinho para usar sempre.',
    isNew: false,
    isBestseller: true,
    isFeatured: true,
    stock: 40,
    ageDays: 102,
  },
  {
    slug: 'brinco-argola-lisa-media',
    name: 'Brinco Argola Lisa Média',
    category: 'brincos',
    priceCents: 11990,
    description:
      'Argola média de 3 cm em prata 925 polida, com fecho click seguro. Básica na medida certa.',
    isNew: false,
    isBestseller: true,
    isFeatured: false,
    stock: 31,
    ageDays: 115,
  },
  {
    slug: 'brinco-argola-cravejada',
    name: 'Brinco Argola Cravejada',
    category: 'brincos',
    priceCents: 16990,
    description:
      'Argola em prata 925 cravejada com zircônias cristal na parte frontal e banho de ródio. Brilho elegante do dia à noite.',
    isNew: true,
    isBestseller: false,
    isFeatured: true,
    stock: 14,
    ageDays: 5,
  },
  {
    slug: 'brinco-gota-zirconia-azul',
    name: 'Brinco Gota Zircônia Azul',
    category: 'brincos',
    priceCents: 15990,
    description:
      'Brinco em prata 925 com zircônia azul em formato de gota, presa em aro delicado. Um toque de cor para qualquer produção.',
    isNew: false,
    isBestseller: false,
    isFeatured: false,
    stock: 19,
    ageDays: 58,
  },
  {
    slug: 'brinco-ear-cuff-cravejado',
    name: 'Brinco Ear Cuff Cravejado',
    category: 'brincos',
    priceCents: 13990,
    description:
      'Ear cuff em prata 925 cravejado com microzircônias, usado sem furo na cartilagem. Vendido em par.',
    isNew: true,
    isBestseller: false,
    isFeatured: false,
    stock: 3,
    ageDays: 0,
  },
  {
    slug: 'brinco-coracao-vazado',
    name: 'Brinco Coração Vazado',
    category: 'brincos',
    priceCents: 9990,
    description:
      'Brinco de coração vazado em prata 925 polida. Romântico, leve e confortável para o dia a dia.',
    isNew: false,
    isBestseller: false,
    isFeatured: false,
    stock: 26,
    ageDays: 77,
  },
  {
    slug: 'brinco-perola-shell',
    name: 'Brinco Pérola Shell com Banho de Ródio',
    category: 'brincos',
    priceCents: 10990,
    description:
      'Brinco em prata 925 com pérola shell de 8 mm e banho de ródio. Sofisticado e atemporal.',
    isNew: false,
    isBestseller: false,
    isFeatured: false,
    stock: 21,
    ageDays: 83,
  },
  {
    slug: 'brinco-pendente-zirconia-rosa',
    name: 'Brinco Pendente Zircônia Rosa',
    category: 'brincos',
    priceCents: 18990,
    description:
      'Brinco pendente em prata 925 com zircônia rosa em gota e pequena zircônia cristal no topo. Delicado e feminino.',
    isNew: false,
    isBestseller: false,
    isFeatured: false,
    stock: 1,
    ageDays: 39,
  },

  // --- Colares -----------------------------------------------------------------------------
  {
    slug: 'colar-veneziana-45cm',
    name: 'Colar Veneziana 45 cm',
    category: 'colares',
    priceCents: 12990,
    description:
      'Corrente veneziana em prata 925 com 45 cm e fecho lagosta. Resistente e ideal para usar com pingentes.',
    isNew: false,
    isBestseller: true,
    isFeatured: false,
    stock: 38,
    ageDays: 118,
  },
  {
    slug: 'colar-riviera-zirconias',
    name: 'Colar Riviera Zircônias',
    category: 'colares',
    priceCents: 39990,
    description:
      'Colar riviera em prata 925 com zircônias cristal cravejadas lado a lado e banho de ródio. Brilho contínuo para noivas e festas.',
    isNew: false,
    isBestseller: false,
    isFeatured: true,
    stock: 6,
    ageDays: 52,
  },
  {
    slug: 'colar-pingente-coracao',
    name: 'Colar com Pingente Coração',
    category: 'colares',
    priceCents: 15990,
    description:
      'Colar em prata 925 com pingente de coração polido e corrente de 40 cm com extensor. Um presente cheio de carinho.',
    isNew: false,
    isBestseller: true,
    isFeatured: false,
    stock: 24,
    ageDays: 91,
  },
  {
    slug: 'colar-ponto-de-luz',
    name: 'Colar Ponto de Luz',
    category: 'colares',
    priceCents: 13990,
    description:
      'Colar ponto de luz em prata 925 com zircônia cristal e corrente fina de 45 cm. Delicadeza que combina com tudo.',
    isNew: false,
    isBestseller: false,
    isFeatured: true,
    stock: 29,
    ageDays: 67,
  },
  {
    slug: 'colar-cadeado-elos',
    name: 'Colar Cadeado Elos Portugueses',
    category: 'colares',
    priceCents: 21990,
    description:
      'Colar em prata 925 com elos portugueses e pingente de cadeado. Tendência com personalidade.',
    isNew: true,
    isBestseller: false,
    isFeatured: false,
    stock: 11,
    ageDays: 10,
  },
  {
    slug: 'colar-pingente-estrela-cravejada',
    name: 'Colar Pingente Estrela Cravejada',
    category: 'colares',
    priceCents: 16990,
    description:
      'Colar em prata 925 com pingente de estrela cravejado de zircônias e banho de ródio. Para brilhar em qualquer ocasião.',
    isNew: false,
    isBestseller: false,
    isFeatured: false,
    stock: 15,
    ageDays: 44,
  },
  {
    slug: 'colar-gota-zirconia-verde',
    name: 'Colar Gota Zircônia Verde',
    category: 'colares',
    priceCents: 17990,
    description:
      'Colar em prata 925 com pingente de zircônia verde em gota, em tom esmeralda. Corrente de 45 cm com fecho lagosta.',
    isNew: true,
    isBestseller: false,
    isFeatured: false,
    stock: 8,
    ageDays: 14,
  },
  {
    slug: 'colar-choker-bolinhas',
    name: 'Colar Choker de Bolinhas',
    category: 'colares',
    priceCents: 11990,
    description:
      'Choker em prata 925 com bolinhas polidas ao longo da corrente. Moderno e perfeito para usar em camadas.',
    isNew: false,
    isBestseller: false,
    isFeatured: false,
    stock: 18,
    ageDays: 60,
  },

  // --- Pulseiras ---------------------------------------------------------------------------
  {
    slug: 'pulseira-riviera-zirconias',
    name: 'Pulseira Riviera Zircônias',
    category: 'pulseiras',
    priceCents: 32990,
    description:
      'Pulseira riviera em prata 925 com zircônias cristal cravejadas e banho de ródio. Fecho com trava de segurança.',
    isNew: false,
    isBestseller: true,
    isFeatured: true,
    stock: 7,
    ageDays: 99,
  },
  {
    slug: 'pulseira-veneziana-fina',
    name: 'Pulseira Veneziana Fina',
    category: 'pulseiras',
    priceCents: 9990,
    description:
      'Pulseira veneziana fina em prata 925 com 19 cm e fecho lagosta. Básica, resistente e fácil de combinar.',
    isNew: false,
    isBestseller: false,
    isFeatured: false,
    stock: 33,
    ageDays: 106,
  },
  {
    slug: 'pulseira-bracelete-liso',
    name: 'Pulseira Bracelete Liso',
    category: 'pulseiras',
    priceCents: 19990,
    description:
      'Bracelete rígido em prata 925 polida com abertura lateral para encaixar no pulso. Elegante e atemporal.',
    isNew: true,
    isBestseller: false,
    isFeatured: false,
    stock: 13,
    ageDays: 17,
  },
  {
    slug: 'pulseira-para-berloques',
    name: 'Pulseira para Berloques',
    category: 'pulseiras',
    priceCents: 17990,
    description:
      'Pulseira em prata 925 para berloques, acompanha três pingentes: coração, bolinha e estrela. Monte a sua história.',
    isNew: false,
    isBestseller: false,
    isFeatured: true,
    stock: 20,
    ageDays: 73,
  },
  {
    slug: 'pulseira-grumet',
    name: 'Pulseira Grumet Masculina',
    category: 'pulseiras',
    priceCents: 22990,
    description:
      'Pulseira grumet em prata 925 com elos largos e fecho gaveta. Robusta e com acabamento polido.',
    isNew: false,
    isBestseller: false,
    isFeatured: false,
    stock: 0,
    ageDays: 85,
  },
  {
    slug: 'pulseira-olho-grego',
    name: 'Pulseira Olho Grego Azul',
    category: 'pulseiras',
    priceCents: 12990,
    description:
      'Pulseira em prata 925 com olho grego em esmalte azul, símbolo de proteção. Corrente ajustável de 16 a 19 cm.',
    isNew: false,
    isBestseller: false,
    isFeatured: false,
    stock: 27,
    ageDays: 36,
  },

  // --- Conjuntos ---------------------------------------------------------------------------
  {
    slug: 'conjunto-ponto-de-luz',
    name: 'Conjunto Ponto de Luz Colar e Brinco',
    category: 'conjuntos',
    priceCents: 19990,
    description:
      'Conjunto em prata 925 com colar e brinco ponto de luz em zircônia cristal. Presente certeiro, já vem na caixinha.',
    isNew: false,
    isBestseller: true,
    isFeatured: true,
    stock: 16,
    ageDays: 80,
  },
  {
    slug: 'conjunto-coracao-zirconia-rosa',
    name: 'Conjunto Coração Zircônia Rosa',
    category: 'conjuntos',
    priceCents: 27990,
    description:
      'Conjunto em prata 925 com colar e brincos de coração em zircônia rosa. Romântico e delicado.',
    isNew: true,
    isBestseller: false,
    isFeatured: false,
    stock: 10,
    ageDays: 6,
  },
  {
    slug: 'conjunto-gota-zirconia-azul',
    name: 'Conjunto Gota Zircônia Azul',
    category: 'conjuntos',
    priceCents: 32990,
    description:
      'Conjunto em prata 925 com colar e brincos de zircônia azul em gota e banho de ródio. Elegância em tom safira.',
    isNew: false,
    isBestseller: false,
    isFeatured: true,
    stock: 5,
    ageDays: 30,
  },
  {
    slug: 'conjunto-riviera-noiva',
    name: 'Conjunto Riviera Noiva',
    category: 'conjuntos',
    priceCents: 89990,
    description:
      'Conjunto noiva em prata 925 com colar riviera e brincos de zircônias cristal, com banho de ródio. Feito para o grande dia.',
    isNew: false,
    isBestseller: false,
    isFeatured: false,
    stock: 2,
    ageDays: 55,
  },
  {
    slug: 'conjunto-perolas-classico',
    name: 'Conjunto Pérolas Clássico',
    category: 'conjuntos',
    priceCents: 24990,
    description:
      'Conjunto em prata 925 com colar e brincos de pérola shell. Clássico que atravessa gerações.',
    isNew: false,
    isBestseller: false,
    isFeatured: false,
    stock: 12,
    ageDays: 94,
  },
  {
    slug: 'conjunto-trevo-zirconia-verde',
    name: 'Conjunto Trevo Zircônia Verde',
    category: 'conjuntos',
    priceCents: 36990,
    description:
      'Conjunto em prata 925 com colar e brincos de trevo de quatro folhas em zircônia verde. Um amuleto de sorte cheio de brilho.',
    isNew: true,
    isBestseller: false,
    isFeatured: false,
    stock: 9,
    ageDays: 21,
  },
];
