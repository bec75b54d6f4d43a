/**
 * The carts module's public face: other modules and the composition import these from here,
 * never another file of this folder. Its routes are routes.ts (registered by app.ts).
 */
export { default as cartsPlugin, type Carts } from './carts.plugin.ts';
export { CartRecoveryMessageSchema, ShopperCartSchema } from './cart.entities.ts';
