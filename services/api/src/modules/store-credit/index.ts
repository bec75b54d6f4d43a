/**
 * The store-credit module's public face: the ledger `store_credit_entries` (BRL cents per shopper;
 * positive when given, negative when spent on an order; the balance is the sum) and its operations.
 * The composition lends `storeCreditLedger` to the orders module; the returns module credits
 * returns with it. No routes: the shopper reads the balance through the returns routes
 * (`GET /api/me/store-credit`).
 */
export { StoreCreditEntry, StoreCreditEntrySchema, storeCreditLedger } from './store-credit.ts';
