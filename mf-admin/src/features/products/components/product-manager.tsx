/**
 * The product manager (admin.md 2 products tab, 4, 5, 7, 8; storefront.md 2 the home page's
 * inline manager for admins): the live product list with a status filter (Ativos /
 * Rascunhos / Arquivados / Todos, each with its count), a search and a category filter,
 * 'Novo Produto', and per row 'Editar' (the dialog) and 'Excluir' (confirmation 'Tem certeza que
 * deseja deletar este produto?', then 'Produto removido'; a product with orders is archived); an
 * archived row has 'Restaurar' instead (as a draft or straight back to the store).
 * Load failure: 'Erro ao carregar produtos'; empty: 'Nenhum produto encontrado. Adicione o
 * primeiro produto!'. `?editar=<id>` in the URL opens that product's dialog (global search links).
 * A product with variants shows its stock as '3 variantes · 12 un.', each variant's
 * stock in the cell's title and list ('Aro 16: 1').
 * The stock column adds '(N aguardando)': shoppers waiting for the piece to be back.
 */
import { ArchiveRestore, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from '@prata/shared-ui/router';
import { useDebounce } from 'use-debounce';
import { ADMIN_PRODUCT_FILTERS, CATEGORY_LABELS, PRODUCT_CATEGORIES, PRODUCT_STATUS_LABELS, variantLabel, type AdminProduct, type AdminProductFilter, type ProductCategory } from '@prata/contracts';
import { Badge, Button, Dialog, EmptyState, Input, Select, Skeleton, Table, ToggleGroup, formatBRL, productImageUrl, toast } from '@prata/shared-ui';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeleteProduct } from '../api/delete-product.ts';
import { getProduct, useAdminProducts } from '../api/get-admin-products.ts';
import { useBackInStockWaiting } from '../api/get-back-in-stock-waiting.ts';
import { useRestoreProduct } from '../api/restore-product.ts';
import { ProductFormDialog } from './product-form-dialog.tsx';
import { LoadFailure } from '../../../components/load-failure.tsx';
import styles from './products.module.css';

/** The status filter's labels (plural). */
const FILTER_LABELS: Record<AdminProductFilter, string> = { active: 'Ativos', draft: 'Rascunhos', archived: 'Arquivados', all: 'Todos' };
const EMPTY_MESSAGES: Record<AdminProductFilter, string> = {
  active: 'Nenhum produto encontrado. Adicione o primeiro produto!',
  draft: 'Nenhum rascunho encontrado.',
  archived: 'Nenhum produto arquivado.',
  all: 'Nenhum produto encontrado. Adicione o primeiro produto!',
};

const CATEGORY_FILTER = [{ value: '', label: 'Todas as categorias' }, ...PRODUCT_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }))];

export interface ProductManagerProps {
  /** Heading level of the manager's own title (the home page nests it under a section). */
  compact?: boolean;
}

export function ProductManager({ compact = false }: ProductManagerProps) {
  const [text, setText] = useState('');
  const [search] = useDebounce(text.trim(), 300);
  const [category, setCategory] = useState<ProductCategory | ''>('');
  const [status, setStatus] = useState<AdminProductFilter>('active');
  const { data, isPending, isError, refetch } = useAdminProducts(status, search, category);
  const waiting = useBackInStockWaiting().data;
  const [editing, setEditing] = useState<AdminProduct | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<AdminProduct | null>(null);
  const [restoring, setRestoring] = useState<AdminProduct | null>(null);
  const remove = useDeleteProduct();
  const restore = useRestoreProduct();
  const [params, setParams] = useSearchParams();
  const linked = params.get('editar');

  // A global search result: open its product's dialog, then drop the parameter.
  useEffect(() => {
    if (!linked) return;
    let active = true;
    void getProduct(linked)
      .then((product) => active && setEditing(product))
      .catch(() => active && toast.error('Erro ao carregar produtos'))
      .finally(() =>
        setParams(
          (current) => {
            current.delete('editar');
            return current;
          },
          { replace: true },
        ),
      );
    return () => {
      active = false;
    };
  }, [linked, setParams]);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const result = await remove.mutateAsync(deleting.id);
      toast.success('Produto removido', result.outcome === 'archived' ? { description: result.message } : undefined);
      setDeleting(null);
    } catch (error) {
      toast.error('Erro ao deletar produto', { description: errorMessage(error, 'Tente novamente em alguns instantes.') });
    }
  };

  const confirmRestore = async (to: 'draft' | 'active') => {
    if (!restoring) return;
    try {
      await restore.mutateAsync({ id: restoring.id, status: to });
      toast.success('Produto restaurado', { description: to === 'active' ? 'Ele voltou para a loja. Edite-o para repor o estoque.' : 'Ele está nos rascunhos. Edite-o para repor o estoque e ativá-lo.' });
      setRestoring(null);
    } catch (error) {
      toast.error('Erro ao restaurar produto', { description: errorMessage(error, 'Tente novamente em alguns instantes.') });
    }
  };

  return (
    <div className={compact ? `${styles.manager} ${styles.compact}` : styles.manager} data-testid="product-manager">
      <div className={styles.toolbar}>
        <div className={styles.filters}>
          <label className="p9-visually-hidden" htmlFor="product-manager-search">
            Buscar produtos
          </label>
          <Input id="product-manager-search" type="search" placeholder="Buscar produtos..." value={text} onChange={(event) => setText(event.target.value)} />
          <label className="p9-visually-hidden" htmlFor="product-manager-category">
            Filtrar por categoria
          </label>
          <Select id="product-manager-category" value={category} onChange={(event) => setCategory(event.target.value as ProductCategory | '')} options={CATEGORY_FILTER} />
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus size={16} aria-hidden="true" /> Novo Produto
        </Button>
      </div>
      <ToggleGroup
        label="Filtrar por status"
        options={ADMIN_PRODUCT_FILTERS.map((value) => ({ value, label: data ? `${FILTER_LABELS[value]} (${data.counts[value]})` : FILTER_LABELS[value] }))}
        value={status}
        onValueChange={setStatus}
      />

      {isPending ? (
        <div role="status" aria-busy="true" className={styles.loading}>
          <span className="p9-visually-hidden">Carregando produtos...</span>
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} height={56} />
          ))}
        </div>
      ) : isError ? (
        <LoadFailure message="Erro ao carregar produtos" toastTitle="Erro ao carregar produtos" onRetry={() => void refetch()} />
      ) : data.products.length === 0 ? (
        <EmptyState compact title={EMPTY_MESSAGES[status]} />
      ) : (
        <Table caption="Produtos" hideCaption variant="compact" data-testid="admin-product-table">
          <thead>
            <tr>
              <th scope="col">Imagem</th>
              <th scope="col">Nome</th>
              <th scope="col">Categoria</th>
              <th scope="col">Preço</th>
              <th scope="col">Estoque</th>
              <th scope="col">Destaques</th>
              <th scope="col">
                <span className="p9-visually-hidden">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.products.map((product) => (
              <tr key={product.id}>
                <td>
                  <img className={styles.thumb} src={productImageUrl(product.imageUrl)} alt="" width={48} height={48} loading="lazy" decoding="async" />
                </td>
                <th scope="row" className={styles.name}>
                  {product.name}
                  {product.status === 'active' ? null : (
                    <>
                      {' '}
                      <Badge variant={product.status === 'draft' ? 'warning' : 'neutral'}>{PRODUCT_STATUS_LABELS[product.status]}</Badge>
                    </>
                  )}
                </th>
                <td>{CATEGORY_LABELS[product.category]}</td>
                <td className={styles.number}>{formatBRL(product.priceCents)}</td>
                <td className={styles.number}>
                  {product.variants.length > 0 ? <VariantStock product={product} /> : product.stock}
                  {product.available < product.stock ? <span className={styles.held}> ({product.stock - product.available} reservado)</span> : null}
                  {waiting?.get(product.id) ? <span className={styles.held}> ({waiting.get(product.id)} aguardando)</span> : null}
                </td>
                <td>
                  <span className={styles.badges}>
                    {product.isNew ? <Badge variant="new">Novo</Badge> : null}
                    {product.isBestseller ? <Badge variant="bestseller">Best Seller</Badge> : null}
                    {product.isFeatured ? <Badge variant="featured">Destaque</Badge> : null}
                  </span>
                </td>
                <td>
                  {product.status === 'archived' ? (
                    <Button variant="outline" size="sm" aria-label={`Restaurar ${product.name}`} onClick={() => setRestoring(product)}>
                      <ArchiveRestore size={16} aria-hidden="true" /> Restaurar
                    </Button>
                  ) : (
                    <span className={styles.rowActions}>
                      <Button variant="ghost" size="icon" aria-label={`Editar ${product.name}`} onClick={() => setEditing(product)}>
                        <Pencil size={16} aria-hidden="true" />
                      </Button>
                      <Button variant="ghost" size="icon" aria-label={`Excluir ${product.name}`} onClick={() => setDeleting(product)}>
                        <Trash2 size={16} aria-hidden="true" />
                      </Button>
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}

      <ProductFormDialog open={creating || editing !== null} product={editing} onClose={() => {
          setCreating(false);
          setEditing(null);
        }} />
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Excluir produto"
        size="sm"
        description="Tem certeza que deseja deletar este produto?"
        footer={
          <>
            <Button variant="outline" onClick={() => setDeleting(null)} disabled={remove.isPending}>
              Cancelar
            </Button>
            <Button variant="danger" onClick={() => void confirmDelete()} loading={remove.isPending}>
              Excluir
            </Button>
          </>
        }
      >
        {deleting ? <p className={styles.deleting}>{deleting.name}</p> : null}
      </Dialog>
      <Dialog
        open={restoring !== null}
        onClose={() => setRestoring(null)}
        title="Restaurar produto"
        size="sm"
        description="O produto volta sem estoque: depois de restaurar, edite-o para repor o estoque."
        footer={
          <>
            <Button variant="outline" onClick={() => setRestoring(null)} disabled={restore.isPending}>
              Cancelar
            </Button>
            <Button variant="outline" onClick={() => void confirmRestore('draft')} loading={restore.isPending && restore.variables?.status === 'draft'} disabled={restore.isPending}>
              Restaurar como rascunho
            </Button>
            <Button onClick={() => void confirmRestore('active')} loading={restore.isPending && restore.variables?.status === 'active'} disabled={restore.isPending}>
              Restaurar e ativar
            </Button>
          </>
        }
      >
        {restoring ? <p className={styles.deleting}>{restoring.name}</p> : null}
      </Dialog>
    </div>
  );
}

/** The stock cell of a product with variants: '3 variantes · 12 un.', then each variant's units. */
function VariantStock({ product }: { product: AdminProduct }) {
  const count = product.variants.length;
  return (
    <>
      {count === 1 ? '1 variante' : `${count} variantes`} · {product.stock} un.
      {product.variants.map((variant) => (
        <div key={variant.id} className={styles.held} data-testid="variant-stock">
          {variantLabel(variant.options, product.options)}: {variant.stock}
        </div>
      ))}
    </>
  );
}
