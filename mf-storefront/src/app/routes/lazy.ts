/**
 * The storefront's pages, each loaded on demand (a page carries only its own code); the
 * home page, where most visits land, is part of the App module itself.
 *
 * Each page's chunk is named (`webpackChunkName`): the build records the style sheets of every
 * named chunk in the manifest (`metaData.chunkStyles`), and a server-rendered page inlines only
 * `./App`'s sheet and its own page's ({@link PAGE_CHUNKS}, pages.ts), not those of every page.
 * A name here must be the one in its import's comment.
 */
import { lazyPage } from '@prata/shared-ui';

export const PAGE_CHUNKS = {
  catalogue: 'page-catalogue',
  product: 'page-product',
  about: 'page-about',
  contact: 'page-contact',
  auth: 'page-auth',
  policy: 'page-policy',
} as const;

export const CataloguePage = lazyPage(() => import(/* webpackChunkName: "page-catalogue" */ './catalogue.tsx').then((module) => module.CatalogueRoute));
export const ProductPage = lazyPage(() => import(/* webpackChunkName: "page-product" */ './product.tsx').then((module) => module.ProductRoute));
export const AboutPage = lazyPage(() => import(/* webpackChunkName: "page-about" */ './about.tsx').then((module) => module.AboutRoute));
export const ContactPage = lazyPage(() => import(/* webpackChunkName: "page-contact" */ './contact.tsx').then((module) => module.ContactRoute));
export const AuthPage = lazyPage(() => import(/* webpackChunkName: "page-auth" */ './auth.tsx').then((module) => module.AuthRoute));
export const RecoverPasswordPage = lazyPage(() => import(/* webpackChunkName: "page-auth" */ './auth.tsx').then((module) => module.RecoverPasswordRoute));
export const ResetPasswordPage = lazyPage(() => import(/* webpackChunkName: "page-auth" */ './auth.tsx').then((module) => module.ResetPasswordRoute));
export const ConfirmBackInStockPage = lazyPage(() => import(/* webpackChunkName: "page-back-in-stock" */ './back-in-stock.tsx').then((module) => module.ConfirmBackInStockRoute));
export const PolicyPage = lazyPage(() => import(/* webpackChunkName: "page-policy" */ './policy.tsx').then((module) => module.PolicyRoute));
