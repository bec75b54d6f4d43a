/**
 * The gallery's overlays (dialog, dropdown menu, sheet, toasts) and the loading, empty and
 * error states (skeletons, spinner, empty state, error and not-found screens).
 */
import { LogOut, PackageOpen, Shield, User } from 'lucide-react';
import { useState } from 'react';
import { Link } from '@prata/shared-ui/router';
import { Button, Dialog, DropdownMenu, EmptyState, ErrorScreen, NotFoundPage, Sheet, Skeleton, SkeletonText, Spinner, TextField, buttonClassName } from '@prata/shared-ui';
import { toast } from '@prata/shared-ui/state';
import { GallerySection, Specimen } from './gallery-section.tsx';
import styles from './gallery.module.css';

/** The 'Diálogos, gavetas e avisos' section: dialog, dropdown menu, sheet and toasts. */
export function Overlays() {
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

/** The 'Carregamento, vazio e erro' section: skeletons, spinner, empty state, error and not-found screens. */
export function States() {
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
