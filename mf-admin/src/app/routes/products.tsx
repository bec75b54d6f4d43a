/** `/admin/products` (admin.md 2 products tab): the product manager. */
import { Package } from 'lucide-react';
import { Card } from '@prata/shared-ui';
import { ProductManager } from '../../features/products/components/product-manager.tsx';
import { PageHeader } from './page-header.tsx';

export function ProductsRoute() {
  return (
    <>
      <PageHeader title="Produtos" lead="Cadastro, edição, estoque e imagens dos produtos." />
      <Card title="Gerenciar Produtos" icon={<Package size={20} aria-hidden="true" />}>
        <ProductManager />
      </Card>
    </>
  );
}
