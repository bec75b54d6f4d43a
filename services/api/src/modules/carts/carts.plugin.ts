/**
 * Carts plugin: decorates `app.carts`, the module's services built once per app: the shopper's
 * server cart (the routes, `CartService`) and the reminders of carts left behind
 * (`CartRecoveryService`: the `cart-recovery` job, the e-mailed links, the `OrderPlaced`
 * subscriber; the on/off switch and delays are read from the store's settings at each run).
 */
import fp from 'fastify-plugin';
import { StoreSettingsService } from '../settings/index.ts';
import { CartLinks } from './cart-links.ts';
import { CartRecoveryService } from './cart-recovery.service.ts';
import { CartService } from './cart.service.ts';

export interface Carts {
  cart: CartService;
  recovery: CartRecoveryService;
}

declare module 'fastify' {
  interface FastifyInstance {
    carts: Carts;
  }
}

export default fp(
  async (app) => {
    const cart = new CartService({ clock: app.clock, storage: app.storage, maxUnitsPerProduct: app.config.orderLimits.maxUnitsPerProduct });
    const recovery = new CartRecoveryService({
      carts: cart,
      mailer: app.mailer,
      clock: app.clock,
      links: new CartLinks(app.config.jwtSecret),
      apiUrl: app.config.publicUrl,
      storeUrl: app.config.shellUrl,
      settings: (em) => new StoreSettingsService(em).recovery(),
    });
    app.decorate('carts', { cart, recovery });
  },
  { name: 'carts', dependencies: ['config', 'clock', 'mail', 'storage'] },
);
