/** `/admin/shipping`: free shipping and the freight table by region. */
import { FreeShippingForm } from '../../features/shipping/components/free-shipping-form.tsx';
import { FreightTableForm } from '../../features/shipping/components/freight-table-form.tsx';
import { PageHeader } from './page-header.tsx';

export function ShippingRoute() {
  return (
    <>
      <PageHeader title="Frete" lead="Frete grátis e a tabela de frete por região, usada quando a transportadora não responde." />
      <FreeShippingForm />
      <FreightTableForm />
    </>
  );
}
