/** The delivery address of an order, as printed on the label. */
import type { Order } from '@prata/contracts';

export function ShippingAddress({ shipping }: { shipping: Order['shipping'] }) {
  return (
    <p>
      {shipping.recipient}
      <br />
      {shipping.street}, {shipping.number}
      {shipping.complement ? ` - ${shipping.complement}` : ''}
      <br />
      {shipping.neighborhood} - {shipping.city}/{shipping.state} - CEP {shipping.zipCode}
    </p>
  );
}
