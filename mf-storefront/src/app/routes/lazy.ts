/**
 * The storefront's pages, each loaded on demand (issue 20: a page carries only its own code); the
 * home page, where most visits land, is part of the App module itself.
 */
import { lazyPage } from '@prata/shared-ui';

export const CataloguePage = lazyPage(() => import('./catalogue.tsx').then((module) => module.CatalogueRoute));
export const ProductPage = lazyPage(() => import('./product.tsx').then((module) => module.ProductRoute));
export const AboutPage = lazyPage(() => import('./about.tsx').then((module) => module.AboutRoute));
export const ContactPage = lazyPage(() => import('./contact.tsx').then((module) => module.ContactRoute));
export const AuthPage = lazyPage(() => import('./auth.tsx').then((module) => module.AuthRoute));
export const RecoverPasswordPage = lazyPage(() => import('./auth.tsx').then((module) => module.RecoverPasswordRoute));
export const ResetPasswordPage = lazyPage(() => import('./auth.tsx').then((module) => module.ResetPasswordRoute));
export const PolicyPage = lazyPage(() => import('./policy.tsx').then((module) => module.PolicyRoute));
