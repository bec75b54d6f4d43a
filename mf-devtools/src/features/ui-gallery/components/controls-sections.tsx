/**
 * The gallery's buttons (variants, sizes, states) and form controls (fields with hint and error,
 * password, textarea, select, checkboxes, radio groups, switch, toggle groups).
 */
import { Heart } from 'lucide-react';
import { useState } from 'react';
import { Link } from '@prata/shared-ui/router';
import { Button, Checkbox, Field, Input, PasswordInput, RadioGroup, SelectField, Switch, TextField, TextareaField, ToggleGroup, buttonClassName } from '@prata/shared-ui';
import { GallerySection, Specimen } from './gallery-section.tsx';
import styles from './gallery.module.css';

const BUTTON_VARIANTS = ['primary', 'accent', 'outline', 'ghost', 'danger'] as const;
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

/** The 'Botões' section: every variant and size, icon, full width, link and disabled buttons. */
export function Buttons() {
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

/** The 'Formulários' section: text fields with hint and error, read-only, password, textarea, select, checkboxes, radios, switch and toggle groups. */
export function Forms() {
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
