/** Checkout data of a valid order (storefront.md 9 fields) for tests that place orders over HTTP. */
export const shippingCustomer = {
  fullName: 'Maria Silva',
  email: 'maria@exemplo.com.br',
  phone: '11987654321',
  zipCode: '01310-100',
  street: 'Avenida Paulista',
  number: '1000',
  complement: '',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
};

/** A card the sandbox acquirer approves. */
export const approvedCard = { method: 'credit-card', cardNumber: '4111 1111 1111 1111', cardName: 'MARIA SILVA', cardExpiry: '12/30', cardCvv: '123', installments: 1 };
