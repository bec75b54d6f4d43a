/**
 * A local double of MercadoPago.js v2 (the browser SDK, `https://sdk.mercadopago.com/js/v2`) in
 * its documented "Core Methods" shape, served by {@link MercadoPagoDouble} so a browser can pay by
 * card without reaching the real acquirer:
 *
 * - `new MercadoPago(publicKey, { locale })`;
 * - `mp.fields.create('cardNumber' | 'expirationDate' | 'securityCode', { placeholder })` returns a
 *   field with `mount(containerId)`, `unmount()`, `on(event, handler)`: each field is an iframe
 *   from the secure-fields origin, so the card number, expiry and CVV live only in the acquirer's
 *   frames, never in the store's page (PCI SAQ A). As MercadoPago.js does, `mount` first fetches
 *   the field's page from the page (so the store's CSP must admit the fields' origin in
 *   `connect-src` as well as in `frame-src`) and frames it once it answered; a failed fetch emits
 *   `error` and frames nothing. Events: `ready`, `binChange` `{ bin }`, `validityChange`, `error`;
 * - `mp.fields.createCardToken({ cardholderName, identificationType, identificationNumber })`: the
 *   card-number frame gathers its sibling frames' values and posts them to the acquirer's
 *   `POST /v1/card_tokens?public_key=` itself; the page gets only `{ id, last_four_digits, ... }`;
 * - `mp.getPaymentMethods({ bin })`: `GET /v1/payment_methods/search?public_key=&bin=` from the
 *   page (so the store's CSP must let the page connect to the acquirer's API origin).
 *
 * Three origins as in production (SDK script, secure-field frames, API), which the store's CSP must
 * allow in `script-src`, `frame-src` and `connect-src` (MercadoPagoDouble serves each on its own).
 */

/** The SDK script, with the API and secure-fields origins it talks to. */
export function mercadoPagoJsScript(apiUrl: string, fieldsOrigin: string): string {
  return `(() => {
  const API = ${JSON.stringify(apiUrl)};
  const FIELDS = ${JSON.stringify(fieldsOrigin)};
  const TYPES = ['cardNumber', 'expirationDate', 'securityCode'];
  class Field {
    constructor(mp, type, options) { this.mp = mp; this.type = type; this.options = options || {}; this.handlers = {}; this.frame = null; this.mounting = false; }
    mount(containerId) {
      const container = document.getElementById(containerId);
      if (!container) throw new Error('MercadoPago.js: container ' + containerId + ' not found');
      const page = FIELDS + '/secure-fields/' + this.type;
      this.mounting = true;
      this.mp.mounted[this.type] = this;
      fetch(page).then((response) => {
        if (!response.ok) throw new Error('HTTP ' + response.status);
        if (!this.mounting) return;
        const frame = document.createElement('iframe');
        frame.src = page + '?placeholder=' + encodeURIComponent(this.options.placeholder || '');
        frame.title = this.type;
        frame.name = 'mp-secure-field-' + this.type;
        frame.style.cssText = 'display:block;width:100%;height:42px;border:0';
        frame.addEventListener('load', () => this.emit('ready', {}));
        container.appendChild(frame);
        this.frame = frame;
      }).catch((error) => this.emit('error', { type: 'mount', message: String(error) }));
      return this;
    }
    unmount() { this.mounting = false; if (this.frame) this.frame.remove(); this.frame = null; delete this.mp.mounted[this.type]; return this; }
    on(event, handler) { (this.handlers[event] = this.handlers[event] || []).push(handler); return this; }
    emit(event, data) { for (const handler of this.handlers[event] || []) handler(data); }
    update() { return this; }
  }
  class MercadoPago {
    constructor(publicKey, options) {
      if (!publicKey) throw new Error('MercadoPago.js: public key required');
      this.publicKey = publicKey; this.options = options || {}; this.mounted = {}; this.pending = new Map();
      window.addEventListener('message', (event) => this.receive(event));
      this.fields = {
        create: (type, options) => { if (!TYPES.includes(type)) throw new Error('MercadoPago.js: unknown field ' + type); return new Field(this, type, options); },
        createCardToken: (data) => this.createCardToken(data || {}),
      };
    }
    receive(event) {
      const message = event.data;
      if (event.origin !== FIELDS || !message || message.source !== 'mp-secure-fields') return;
      if (message.type === 'binChange' && this.mounted.cardNumber) this.mounted.cardNumber.emit('binChange', { bin: message.bin });
      if (message.type === 'validityChange' && this.mounted[message.field]) this.mounted[message.field].emit('validityChange', { field: message.field, errorMessages: message.errorMessages });
      if (message.type === 'token') {
        const waiting = this.pending.get(message.id);
        if (!waiting) return;
        this.pending.delete(message.id);
        if (message.error) waiting.reject(message.error); else waiting.resolve(message.token);
      }
    }
    createCardToken(data) {
      const field = this.mounted.cardNumber;
      if (!field || !field.frame || !field.frame.contentWindow) return Promise.reject([{ message: 'cardNumber field not mounted' }]);
      const id = Math.random().toString(36).slice(2);
      return new Promise((resolve, reject) => {
        this.pending.set(id, { resolve, reject });
        field.frame.contentWindow.postMessage({ source: 'mp-sdk', type: 'tokenize', id, publicKey: this.publicKey, cardholderName: data.cardholderName, identificationType: data.identificationType, identificationNumber: data.identificationNumber }, FIELDS);
      });
    }
    async getPaymentMethods({ bin }) {
      const response = await fetch(API + '/v1/payment_methods/search?public_key=' + encodeURIComponent(this.publicKey) + '&bin=' + encodeURIComponent(bin));
      if (!response.ok) throw new Error('payment methods: HTTP ' + response.status);
      return response.json();
    }
  }
  window.MercadoPago = MercadoPago;
})();
`;
}

const FIELD_INPUT: Record<string, { label: string; autocomplete: string; maxLength: number }> = {
  cardNumber: { label: 'Número do cartão', autocomplete: 'cc-number', maxLength: 23 },
  expirationDate: { label: 'Validade (MM/AA)', autocomplete: 'cc-exp', maxLength: 5 },
  securityCode: { label: 'CVV', autocomplete: 'cc-csc', maxLength: 4 },
};

/** One secure field's frame document (served from the secure-fields origin), or null for an unknown field. */
export function secureFieldPage(type: string, apiUrl: string): string | null {
  const input = FIELD_INPUT[type];
  if (!input) return null;
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${input.label}</title>
<style>html,body{margin:0}input{box-sizing:border-box;width:100%;height:40px;font:16px system-ui,sans-serif;padding:0 10px;border:1px solid #767676;border-radius:6px}</style></head>
<body><input data-field="${type}" aria-label="${input.label}" autocomplete="${input.autocomplete}" inputmode="numeric" maxlength="${input.maxLength}">
<script>
const TYPE = ${JSON.stringify(type)};
const API = ${JSON.stringify(apiUrl)};
const input = document.querySelector('input');
input.placeholder = new URLSearchParams(location.search).get('placeholder') || '';
const post = (message) => parent.postMessage(Object.assign({ source: 'mp-secure-fields' }, message), '*');
let lastBin = '';
input.addEventListener('input', () => {
  if (TYPE !== 'cardNumber') return;
  const digits = input.value.replace(/\\D/g, '');
  const bin = digits.length >= 8 ? digits.slice(0, 8) : '';
  if (bin !== lastBin) { lastBin = bin; if (bin) post({ type: 'binChange', bin }); }
});
// The sibling fields are frames of this same origin: read their values without the page's help.
const sibling = (name) => {
  for (let i = 0; i < parent.frames.length; i += 1) {
    try { const other = parent.frames[i].document.querySelector('input[data-field="' + name + '"]'); if (other) return other.value; } catch { /* another origin */ }
  }
  return '';
};
window.addEventListener('message', async (event) => {
  const message = event.data;
  if (TYPE !== 'cardNumber' || !message || message.source !== 'mp-sdk' || message.type !== 'tokenize') return;
  const [month = '', year = ''] = sibling('expirationDate').split('/');
  const body = {
    card_number: input.value.replace(/\\D/g, ''),
    expiration_month: Number(month),
    expiration_year: 2000 + Number(year),
    security_code: sibling('securityCode').trim(),
    cardholder: { name: message.cardholderName, identification: { type: message.identificationType, number: message.identificationNumber } },
  };
  const reply = (answer) => event.source.postMessage(Object.assign({ source: 'mp-secure-fields', type: 'token', id: message.id }, answer), event.origin);
  try {
    const response = await fetch(API + '/v1/card_tokens?public_key=' + encodeURIComponent(message.publicKey), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const answer = await response.json();
    if (!response.ok) reply({ error: [{ message: answer.message || 'invalid card' }] }); else reply({ token: answer });
  } catch (error) {
    reply({ error: [{ message: String(error) }] });
  }
});
</script></body></html>`;
}

/** Mercado Pago's `payment_method_id` for a BIN (the card brands the store accepts), or null. */
export function paymentMethodOfBin(bin: string): { id: string; name: string; securityCodeLength: number } | null {
  if (/^(636368|438935|504175|451416|636297|5067|4576|4011)/.test(bin)) return { id: 'elo', name: 'Elo', securityCodeLength: 3 };
  if (/^606282/.test(bin)) return { id: 'hipercard', name: 'Hipercard', securityCodeLength: 3 };
  if (/^4/.test(bin)) return { id: 'visa', name: 'Visa', securityCodeLength: 3 };
  if (/^(5[0-5]|2[2-7])/.test(bin)) return { id: 'master', name: 'Mastercard', securityCodeLength: 3 };
  if (/^3[47]/.test(bin)) return { id: 'amex', name: 'American Express', securityCodeLength: 4 };
  return null;
}
