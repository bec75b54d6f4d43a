/** Storefront remote: exposes `./App`, the shopper pages (storefront.md). */
import { createAppConfig } from '@prata/shared-ui/federation';

/**
 * The shared form controls (shared-ui `form.tsx` and its CSS) in one async chunk of their own,
 * loaded by every page with a form (sign-in, contact, the product page's "Avise-me"), instead of a
 * copy in each page's chunk (they are below splitChunks' default minimum size): the CSS budget
 * counts each async file, so three copies would weigh ~2 KB gzip.
 */
const sharedFormControls = {
  test: /[\\/]shared-ui[\\/]src[\\/]components[\\/]form(\.module\.css|\.tsx)$/,
  name: 'shared-form-controls',
  chunks: 'async' as const,
  minSize: 0,
  minChunks: 2,
  priority: 10,
  enforce: true,
};

/** The same for shared-ui's toggle group (the catalogue's categories, the sign-in/sign-up switch). */
const sharedToggleGroup = { ...sharedFormControls, test: /[\\/]shared-ui[\\/]src[\\/]components[\\/]toggle-group(\.module\.css|\.tsx)$/, name: 'shared-toggle-group' };

export default (_env: unknown, argv: { mode?: string }) =>
  createAppConfig(
    { name: 'storefront', dir: import.meta.dirname, devPort: 3001, devPortVariable: 'STOREFRONT_PORT', kind: 'remote', exposes: { './App': './src/app/remote-module.ts' } },
    argv,
  ).map((config) => (config.name?.endsWith('-server') ? config : { ...config, optimization: { ...config.optimization, splitChunks: { cacheGroups: { sharedFormControls, sharedToggleGroup } } } }));
