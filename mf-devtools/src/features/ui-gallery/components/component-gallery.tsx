/**
 * The component gallery (issue 6): every shared-ui component in each of its states, on one page
 * that the visual tests photograph and the accessibility tests scan. It renders only shared-ui
 * components (with fixed sample data), so a change in the design system shows up here first.
 */
import { Gem, Heart, LogOut, PackageOpen, Shield, User } from 'lucide-react';
import { useState } from 'react';
import { Link } from '@prata/shared-ui/router';
import {
  Alert,
  Badge,
  Breadcrumb,
  Button,
  Card,
  Checkbox,
  Dialog,
  DropdownMenu,
  EmptyState,
  ErrorScreen,
  Field,
  Input,
  NotFoundPage,
  Pagination,
  PasswordInput,
  Price,
  RadioGroup,
  SelectField,
  Sheet,
  Skeleton,
  SkeletonText,
  Spinner,
  Stars,
  Switch,
  Table,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  TextField,
  TextareaField,
  ToggleGroup,
  buttonClassName,
  formatDate,
  formatDateTime,
  toast,
  type BadgeVariant,
} from '@prata/shared-ui';
import { GallerySection, Specimen } from './gallery-section.tsx';
import styles from './gallery.module.css';

const COLOURS = [
  'bg',
  'surface',
  'surface-muted',
  'text',
  'muted',
  'border',
  'border-strong',
  'silver-100',
  'silver-300',
  'silver-600',
  'silver-900',
  'accent',
  'accent-hover',
  'accent-soft',
  'danger',
  'danger-bg',
  'success',
  'success-bg',
  'warning',
  'warning-bg',
  'info',
  'info-bg',
] as const;

const TYPE_SCALE = ['display', '4xl', '3xl', '2xl', 'xl', 'lg', 'base', 'sm', 'xs'] as const;
const SPACES = [1, 2, 3, 4, 6, 8, 12, 16] as const;
const RADII = ['radius-sm', 'radius', 'radius-lg', 'radius-pill'] as const;
const SHADOWS = ['shadow-sm', 'shadow', 'shadow-lg'] as const;
const MOTION = [
  ['duration-fast', '150ms'],
  ['duration-base', '200ms'],
  ['duration-slow', '300ms'],
  ['duration-back', '150ms'],
  ['duration-navigation', '400ms'],
  ['duration-page-transition', '1200ms'],
] as const;

const BUTTON_VARIANTS = ['primary', 'accent', 'outline', 'ghost', 'danger'] as const;
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
const SIZES = [
  { value: '14', label: 'Aro 14' },
  { value: '16', label: 'Aro 16' },
  { value: '18', label: 'Aro 18' },
];
const SHIPPING = [
  { value: 'pac', label: 'PAC', hint: '5 a 15 dias úteis' },
  { value: 'sedex', label: 'SEDEX', hint: '3 a 7 dias úteis' },
  { value: 'retirada', label: 'Retirar na loja', disabled: true },
];
const PAYMENT = [
  { value: 'credit-card', label: 'Cartão de crédito' },
  { value: 'pix', label: 'PIX' },
  { value: 'boleto', label: 'Boleto bancário' },
];
const SAMPLE_DATE = '2026-11-21T13:05:00Z';

function Tokens() {
  return (
    <GallerySection id="tokens" title="Tokens">
      <Specimen label="Cores" wide>
        <ul className={styles.swatches}>
          {COLOURS.map((name) => (
            <li key={name} className={styles.swatch}>
              <span className={styles.swatchColor} style={{ background: `var(--p9-color-${name})` }} />
              <code>--p9-color-{name}</code>
            </li>
          ))}
        </ul>
      </Specimen>
      <Specimen label="Tipografia (Playfair Display / Inter)" wide>
        <div className={styles.typeScale}>
          {TYPE_SCALE.map((step) => (
            <p key={step} style={{ fontSize: `var(--p9-text-${step})`, fontFamily: ['display', '4xl', '3xl', '2xl'].includes(step) ? 'var(--p9-font-display)' : undefined }}>
              {step} · Joias em prata 925
            </p>
          ))}
        </div>
      </Specimen>
      <Specimen label="Espaçamento">
        <ul className={styles.scaleRow}>
          {SPACES.map((step) => (
            <li key={step}>
              <span className={styles.spaceBox} style={{ width: `var(--p9-space-${step})`, height: `var(--p9-space-${step})` }} />
              {step}
            </li>
          ))}
        </ul>
      </Specimen>
      <Specimen label="Raios e sombras">
        <ul className={styles.scaleRow}>
          {RADII.map((name) => (
            <li key={name}>
              <span className={styles.radiusBox} style={{ borderRadius: `var(--p9-${name})` }} />
              {name}
            </li>
          ))}
          {SHADOWS.map((name) => (
            <li key={name}>
              <span className={styles.shadowBox} style={{ boxShadow: `var(--p9-${name})` }} />
              {name}
            </li>
          ))}
        </ul>
      </Specimen>
      <Specimen label="Movimento">
        <ul className={styles.motion}>
          {MOTION.map(([name, value]) => (
            <li key={name}>
              <code>--p9-{name}</code>: {value}
            </li>
          ))}
        </ul>
      </Specimen>
    </GallerySection>
  );
}

function Buttons() {
  return (
    <GallerySection id="botoes" title="Botões">
      {BUTTON_VARIANTS.map((variant) => (
        <Specimen key={variant} label={variant}>
          <Button variant={variant}>Adicionar</Button>
          <Button variant={variant} size="sm">
            Pequeno
          </Button>
          <Button variant={variant} disabled>
            Desativado
          </Button>
          <Button variant={variant} loading>
            Carregando...
          </Button>
        </Specimen>
      ))}
      <Specimen label="lg, ícone, largura total, link">
        <Button size="lg">Ver Coleção</Button>
        <Button variant="outline" size="icon" aria-label="Favoritar">
          <Heart size={18} aria-hidden="true" />
        </Button>
        <Button block variant="accent">
          Largura total
        </Button>
        <Link to="/produtos" className={buttonClassName('outline')}>
          Link como botão
        </Link>
      </Specimen>
    </GallerySection>
  );
}

function Forms() {
  const [size, setSize] = useState('16');
  const [shipping, setShipping] = useState<string | null>('sedex');
  const [payment, setPayment] = useState<string | null>('pix');
  const [gift, setGift] = useState(true);
  const [on, setOn] = useState(true);
  const [category, setCategory] = useState('todos');
  const [mode, setMode] = useState('entrar');
  return (
    <GallerySection id="formularios" title="Formulários">
      <Specimen label="Campo de texto">
        <div className={styles.stack}>
          <TextField label="Nome completo" placeholder="Maria Silva" />
          <TextField label="Email" type="email" hint="Enviaremos a confirmação para este endereço." defaultValue="maria@exemplo.com" />
          <TextField label="Telefone" error="Telefone inválido" defaultValue="1234" required />
        </div>
      </Specimen>
      <Specimen label="Desativado, somente leitura, senha">
        <div className={styles.stack}>
          <TextField label="Cidade" disabled defaultValue="São Paulo" />
          <TextField label="Email de acesso" readOnly defaultValue="admin@prata925.com.br" />
          <Field label="Senha" hint="Mínimo 8 caracteres">
            {(control) => <PasswordInput {...control} defaultValue="segredo123" />}
          </Field>
          <Field label="Código" hideLabel>
            {(control) => <Input {...control} placeholder="Rótulo oculto visualmente" />}
          </Field>
        </div>
      </Specimen>
      <Specimen label="Área de texto e seleção">
        <div className={styles.stack}>
          <TextareaField label="Mensagem" placeholder="Conte como podemos ajudar" />
          <SelectField label="Tamanho do aro" options={SIZES} value={size} onChange={(event) => setSize(event.target.value)} />
          <SelectField label="Categoria" placeholder="Selecione..." options={SIZES} error="Escolha uma opção" defaultValue="" />
          <SelectField label="Tamanho (desativado)" options={SIZES} disabled defaultValue="14" />
        </div>
      </Specimen>
      <Specimen label="Caixas de seleção e opções">
        <div className={styles.stack}>
          <Checkbox label="Embrulhar para presente" checked={gift} onChange={(event) => setGift(event.target.checked)} />
          <Checkbox label="Receber novidades por email" hint="No máximo uma mensagem por semana." />
          <Checkbox label="Aceito os termos de uso" error="Aceite os termos para continuar" />
          <Checkbox label="Opção indisponível" disabled />
          <RadioGroup legend="Entrega" name="gallery-shipping" options={SHIPPING} value={shipping} onValueChange={setShipping} />
          <RadioGroup legend="Tamanho" name="gallery-size" inline options={SIZES} value={null} onValueChange={() => undefined} error="Escolha um tamanho" />
          <RadioGroup legend="Forma de pagamento (cartões)" name="gallery-payment" variant="cards" options={PAYMENT} value={payment} onValueChange={setPayment} />
        </div>
      </Specimen>
      <Specimen label="Interruptor e grupos de alternância">
        <div className={styles.stack}>
          <span className={styles.preview}>
            <Switch checked={on} onCheckedChange={setOn} aria-label="Autenticação de dois fatores" />
            <Switch checked={false} onCheckedChange={() => undefined} aria-label="Desligado" />
            <Switch checked disabled onCheckedChange={() => undefined} aria-label="Desativado" />
          </span>
          <ToggleGroup
            label="Categorias de exemplo"
            value={category}
            onValueChange={setCategory}
            options={[
              { value: 'todos', label: 'Todos' },
              { value: 'aneis', label: 'Anéis' },
              { value: 'colares', label: 'Colares' },
            ]}
          />
          <ToggleGroup
            variant="segmented"
            label="Entrar ou criar conta (exemplo)"
            value={mode}
            onValueChange={setMode}
            options={[
              { value: 'entrar', label: 'Entrar' },
              { value: 'criar', label: 'Criar conta' },
            ]}
          />
        </div>
      </Specimen>
    </GallerySection>
  );
}

function Display() {
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

function Navigation() {
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

function Overlays() {
  const [dialog, setDialog] = useState(false);
  const [sheet, setSheet] = useState<'left' | 'right' | 'bottom' | null>(null);
  return (
    <GallerySection id="sobreposicoes" title="Diálogos, gavetas e avisos">
      <Specimen label="Diálogo">
        <Button onClick={() => setDialog(true)}>Abrir diálogo</Button>
        <Dialog
          open={dialog}
          onClose={() => setDialog(false)}
          title="Desativar 2FA?"
          description="Tem certeza que deseja desativar a autenticação de dois fatores? Sua conta ficará menos protegida."
          footer={
            <>
              <Button variant="outline" onClick={() => setDialog(false)}>
                Cancelar
              </Button>
              <Button variant="danger" onClick={() => setDialog(false)}>
                Desativar 2FA
              </Button>
            </>
          }
        >
          <TextField label="Senha atual" type="password" />
        </Dialog>
      </Specimen>
      <Specimen label="Menu suspenso">
        <DropdownMenu
          triggerLabel="Conta de maria@example.com"
          trigger={
            <>
              <User size={20} aria-hidden="true" /> maria@example.com
            </>
          }
          header={
            <>
              <p>
                Olá, <strong>maria@example.com</strong>
              </p>
              <p>Sessão ativa</p>
            </>
          }
          items={[
            { key: 'admin', label: 'Admin Panel', icon: <Shield size={16} aria-hidden="true" />, to: '/developer/ui' },
            { key: 'logout', label: 'Sair', icon: <LogOut size={16} aria-hidden="true" />, onSelect: () => toast.success('Logout realizado') },
          ]}
          align="start"
          testId="gallery-menu"
        />
      </Specimen>
      <Specimen label="Gaveta">
        <Button variant="outline" onClick={() => setSheet('left')}>
          Menu (esquerda)
        </Button>
        <Button variant="outline" onClick={() => setSheet('right')}>
          Carrinho (direita)
        </Button>
        <Button variant="outline" onClick={() => setSheet('bottom')}>
          Filtros (baixo)
        </Button>
        <Sheet
          open={sheet !== null}
          onOpenChange={(open) => !open && setSheet(null)}
          side={sheet ?? 'right'}
          title={sheet === 'right' ? 'Seu carrinho' : sheet === 'bottom' ? 'Filtros' : 'Menu'}
          footer={<Button block>Continuar</Button>}
        >
          <p>Conteúdo da gaveta: links, itens do carrinho ou filtros.</p>
        </Sheet>
      </Specimen>
      <Specimen label="Notificações (máx. 3 visíveis, 5 s)">
        <Button variant="outline" onClick={() => toast.success('Produto adicionado!', { description: 'Anel Solitário foi adicionado ao carrinho.' })}>
          Sucesso
        </Button>
        <Button variant="outline" onClick={() => toast.error('Erro no login', { description: 'Email ou senha incorretos' })}>
          Erro
        </Button>
        <Button variant="outline" onClick={() => toast('Produto favoritado!', { description: 'Entre na sua conta para reservar o produto no estoque.' })}>
          Neutra
        </Button>
      </Specimen>
    </GallerySection>
  );
}

function States() {
  return (
    <GallerySection id="estados" title="Carregamento, vazio e erro">
      <Specimen label="Esqueletos">
        <div className={styles.skeletonCard}>
          <Skeleton height={120} />
          <Skeleton shape="text" width="70%" />
          <Skeleton shape="circle" width={40} />
          <SkeletonText lines={3} />
        </div>
      </Specimen>
      <Specimen label="Indicador de carregamento">
        <Spinner size="sm" label="Carregando pequeno" />
        <Spinner label="Carregando médio" />
        <Spinner size="lg" label="Carregando grande" />
        <Spinner label="Verificando acesso..." showLabel />
      </Specimen>
      <Specimen label="Estado vazio">
        <EmptyState
          compact
          icon={<PackageOpen size={28} />}
          title="Seu carrinho está vazio"
          description="Explore nossa coleção e encontre a joia perfeita."
          action={
            <Link to="/produtos" className={buttonClassName()}>
              Ver Produtos
            </Link>
          }
        />
      </Specimen>
      <Specimen label="Tela de erro" wide>
        <div className={styles.frame}>
          <ErrorScreen onRetry={() => undefined} onHome={() => undefined} />
        </div>
      </Specimen>
      <Specimen label="Página não encontrada" wide>
        <div className={styles.frame}>
          <NotFoundPage />
        </div>
      </Specimen>
    </GallerySection>
  );
}

const SECTIONS = [
  ['tokens', 'Tokens'],
  ['botoes', 'Botões'],
  ['formularios', 'Formulários'],
  ['exibicao', 'Exibição'],
  ['navegacao', 'Navegação'],
  ['sobreposicoes', 'Diálogos, gavetas e avisos'],
  ['estados', 'Carregamento, vazio e erro'],
] as const;

export function ComponentGallery() {
  return (
    <div className={`p9-container ${styles.page}`} data-testid="component-gallery">
      <header className={styles.intro}>
        <h1>Galeria de componentes</h1>
        <p>Todos os componentes do design system da Prata 925 (shared-ui), em cada estado. Usada pelos testes visuais e de acessibilidade.</p>
        <nav aria-label="Seções da galeria">
          <ul className={styles.toc}>
            {SECTIONS.map(([id, label]) => (
              <li key={id}>
                <a href={`#${id}`}>{label}</a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <Tokens />
      <Buttons />
      <Forms />
      <Display />
      <Navigation />
      <Overlays />
      <States />
    </div>
  );
}
