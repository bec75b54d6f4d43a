/** Checkout data of a valid order (storefront.md 9 fields) for tests that place orders over HTTP. */
export const shippingCustomer = {
  fullName: 'Maria Silva',
  email: 'maria@exemplo.com.br',
  phone: '11987654321',
  // A valid CPF (check digits verified by hand: 529.982.247-25), for the invoice.
  cpf: '529.982.247-25',
  zipCode: '01310-100',
  street: 'Avenida Paulista',
  number: '1000',
  complement: 'Apto 12',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
};

/** A card the sandbox acquirer approves, as the checkout sends it to the acquirer's tokeniser. */
export const approvedCardRequest = { card_number: '4111111111111111', expiration_month: 12, expiration_year: 2030, security_code: '123', cardholder: { name: 'MARIA SILVA' } };

/**
 * The card payment of an order (the service gets a token, never the number):
 * tokenises {@link approvedCardRequest} at the sandbox acquirer of the store at `apiUrl`, as the
 * browser does, with the buyer's access token.
 */
export async function approvedCardPayment(apiUrl: string, accessToken: string) {
  const response = await fetch(`${apiUrl}/api/payments/sandbox/card-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify(approvedCardRequest),
  });
  if (response.status !== 201) throw new Error(`card tokenisation answered ${response.status}: ${await response.text()}`);
  const token = (await response.json()) as { id: string };
  return { method: 'credit-card', cardToken: token.id, cardBrand: 'visa', installments: 1 };
}
