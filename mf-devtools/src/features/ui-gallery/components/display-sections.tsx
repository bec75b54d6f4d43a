/**
 * The gallery's display components (badges, price and rating, alerts, cards, tables) and
 * navigation (breadcrumb, pagination, tabs).
 */
import { Gem } from 'lucide-react';
import { useState } from 'react';
import { Alert, Badge, Breadcrumb, Button, Card, Pagination, Price, Stars, Table, Tabs, TabsContent, TabsList, TabsTrigger, formatDate, formatDateTime, type BadgeVariant } from '@prata/shared-ui';
import { GallerySection, Specimen } from './gallery-section.tsx';
import styles from './gallery.module.css';

const SAMPLE_DATE = '2026-11-21T13:05:00Z';
const BADGES: { variant: BadgeVariant; label: string }[] = [
  { variant: 'new', label: 'Novo' },
  { variant: 'bestseller', label: 'Best Seller' },
  { variant: 'featured', label: 'Destaque' },
  { variant: 'reserved', label: 'Reservado por você' },
  { variant: 'neutral', label: 'Usuário' },
  { variant: 'success', label: 'Ativada' },
  { variant: 'warning', label: 'Aguardando aprovação' },
  { variant: 'danger', label: 'Recusado' },
];

/** The 'Exibição' section: badges, price and rating, alerts, cards and tables. */
export function Display() {
  return (
    <GallerySection id="exibicao" title="Exibição">
      <Specimen label="Selos">
        {BADGES.map(({ variant, label }) => (
          <Badge key={variant} variant={variant}>
            {label}
          </Badge>
        ))}
      </Specimen>
      <Specimen label="Preço (BRL) e avaliação">
        <div className={styles.stack}>
          <Price cents={14990} />
          <Price cents={14990} size="md" />
          <Price cents={123456} size="lg" />
          <Price cents={14990} compareAtCents={19990} size="md" />
          <Stars rating={4.8} />
          <Stars rating={3.5} />
          <p>
            {formatDate(SAMPLE_DATE)} · {formatDateTime(SAMPLE_DATE)}
          </p>
        </div>
      </Specimen>
      <Specimen label="Avisos">
        <div className={styles.stack}>
          <Alert variant="info">Frete grátis para todo o Brasil.</Alert>
          <Alert variant="success" title="2FA Ativado">
            <p>A autenticação de dois fatores está ativa na sua conta.</p>
          </Alert>
          <Alert variant="warning">Houve 1 tentativa de login malsucedida na sua conta.</Alert>
          <Alert variant="danger" title="Senha muito fraca:">
            <ul>
              <li>Use pelo menos 12 caracteres.</li>
            </ul>
          </Alert>
        </div>
      </Specimen>
      <Specimen label="Cartões" wide>
        <div className={styles.specimens} style={{ width: '100%' }}>
          <Card title="Informações Básicas" description="Seu nome e email de acesso." icon={<Gem size={20} aria-hidden="true" />} actions={<Button size="sm" variant="outline">Editar</Button>}>
            <p>Cartão com título, descrição, ícone e ações.</p>
          </Card>
          <Card>
            <p>Cartão simples, sem título.</p>
          </Card>
          <Card interactive padding="sm">
            <p>Cartão interativo (eleva ao passar o mouse).</p>
          </Card>
        </div>
      </Specimen>
      <Specimen label="Tabela" wide>
        <Table caption="Pedidos recentes">
          <thead>
            <tr>
              <th scope="col">Pedido</th>
              <th scope="col">Data</th>
              <th scope="col">Status</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>#1042</td>
              <td>{formatDate(SAMPLE_DATE)}</td>
              <td>
                <Badge variant="success">Pago</Badge>
              </td>
              <td>
                <Price cents={24990} />
              </td>
            </tr>
            <tr>
              <td>#1041</td>
              <td>{formatDate(SAMPLE_DATE)}</td>
              <td>
                <Badge variant="warning">Aguardando</Badge>
              </td>
              <td>
                <Price cents={15990} />
              </td>
            </tr>
          </tbody>
        </Table>
      </Specimen>
      <Specimen label="Tabela simples">
        <Table variant="plain" caption="Horário de Atendimento" hideCaption>
          <tbody>
            <tr>
              <th scope="row">Segunda a Sexta</th>
              <td>9h às 18h</td>
            </tr>
            <tr>
              <th scope="row">Domingo</th>
              <td>Fechado</td>
            </tr>
          </tbody>
        </Table>
      </Specimen>
    </GallerySection>
  );
}

/** The 'Navegação' section: breadcrumb, pagination and tabs. */
export function Navigation() {
  const [page, setPage] = useState(4);
  return (
    <GallerySection id="navegacao" title="Navegação">
      <Specimen label="Trilha">
        <Breadcrumb label="Trilha de exemplo" items={[{ label: 'Início', to: '/' }, { label: 'Produtos', to: '/produtos' }, { label: 'Anel Solitário' }]} />
      </Specimen>
      <Specimen label="Paginação">
        <Pagination label="Paginação de exemplo" page={page} pageCount={12} onPageChange={setPage} />
        <Pagination label="Paginação curta" page={1} pageCount={3} onPageChange={() => undefined} />
      </Specimen>
      <Specimen label="Abas" wide>
        <Tabs defaultValue="descricao">
          <TabsList aria-label="Detalhes do produto">
            <TabsTrigger value="descricao">Descrição</TabsTrigger>
            <TabsTrigger value="cuidados">Cuidados</TabsTrigger>
            <TabsTrigger value="avaliacoes" disabled>
              Avaliações
            </TabsTrigger>
          </TabsList>
          <TabsContent value="descricao">Anel em prata 925 com zircônia, acabamento polido.</TabsContent>
          <TabsContent value="cuidados">Guarde separado, longe de umidade e perfumes.</TabsContent>
          <TabsContent value="avaliacoes">Sem avaliações.</TabsContent>
        </Tabs>
      </Specimen>
    </GallerySection>
  );
}
