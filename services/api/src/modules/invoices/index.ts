/**
 * The invoices module's public face: other modules and the composition import these from here,
 * never another file of this folder. Its routes are routes.ts (registered by app.ts).
 */
export { default as invoicesPlugin } from './invoices.plugin.ts';
export { Invoice, InvoiceSchema } from './invoice.entity.ts';
