/**
 * Byte budgets per app: what an app's first load weighs and
 * how much it may weigh, in bytes of gzip (zlib level 9) of the files, summed file by file.
 *
 * - The weight ({@link AppWeight}) is measured by the app's production browser build
 *   (shared-ui/build/build-weight.ts) and recorded in its `build-info.json` (`weight`), next to the
 *   budget it was held to (`budget`, declared in the app's package.json under `prata.budget`).
 *   Initial JS/CSS: for a remote, `remoteEntry.js` + the `./App` expose's synchronous JS, and the
 *   expose's synchronous and asynchronous CSS; for the shell, the files its documents link
 *   (`document-assets.json`: scripts, preloads, styles).
 * - The build fails when over its budget ({@link budgetProblems}); `npm run release` refuses a
 *   remote over its budget, and one more than {@link MAX_RELEASE_GROWTH} heavier than the live
 *   version ({@link growthProblems}) unless `--accept-growth`.
 *
 * Pure functions and schemas: used by the build plugin (Node) and the release command; browser code
 * takes `appWeightSchema` from the release contracts (re-exported here), never this module.
 */
import { z } from 'zod';
// The weight's shape lives with the release contracts (a shared module of the browser); the rest of this module stays out of browsers.
import { appWeightSchema, type AppWeight } from './releases.ts';
import { appBuildInfoSchema } from './remote-module.ts';

export { appWeightSchema, type AppWeight };

/** An app's byte budget (package.json `prata.budget`): the most its initial JS and CSS may weigh, bytes gzip. */
export const appBudgetSchema = z.object({ js: z.number().int().positive(), css: z.number().int().positive() });
export type AppBudget = z.infer<typeof appBudgetSchema>;

/** `build-info.json` with what a production browser build adds: its initial `weight` and the `budget` it was held to. */
export const weighedBuildInfoSchema = appBuildInfoSchema.extend({ weight: appWeightSchema.optional(), budget: appBudgetSchema.optional() });
export type WeighedBuildInfo = z.infer<typeof weighedBuildInfoSchema>;

/** The package.json field that declares an app's budget: `{ "prata": { "budget": { "js": <bytes>, "css": <bytes> } } }`. */
export const packageBudgetSchema = z.object({ prata: z.object({ budget: appBudgetSchema }) });

/** Largest growth of a release over the live version's weight (JS or CSS) accepted without `--accept-growth`: 5 %. */
export const MAX_RELEASE_GROWTH = 0.05;

const integer = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

/** Bytes with pt-BR digit grouping, e.g. 29576 -> "29.576 B". */
export function formatBytes(value: number): string {
  return `${integer.format(value)} B`;
}

const PARTS = [
  { label: 'JS inicial', weight: 'jsGzip', budget: 'js' },
  { label: 'CSS inicial', weight: 'cssGzip', budget: 'css' },
] as const;

/**
 * Why `weight` does not fit `budget` (pt-BR sentences with both figures, empty when it fits),
 * e.g. `JS inicial de 34.120 B gzip acima do orçamento de 33.000 B (+1.120 B)`.
 */
export function budgetProblems(weight: AppWeight, budget: AppBudget): string[] {
  return PARTS.filter((part) => weight[part.weight] > budget[part.budget]).map(
    (part) => `${part.label} de ${formatBytes(weight[part.weight])} gzip acima do orçamento de ${formatBytes(budget[part.budget])} (+${formatBytes(weight[part.weight] - budget[part.budget])})`,
  );
}

/**
 * Why `weight` grew too much over `live` (the live version's weight): one pt-BR sentence per part
 * (JS, CSS) more than `maxGrowth` (a ratio, default {@link MAX_RELEASE_GROWTH}) heavier, with both
 * figures, e.g. `JS inicial de 31.500 B gzip, 6,5 % acima dos 29.576 B da versão no ar (limite: 5 %)`.
 * A part the live version did not have (0 bytes) grows without limit only from 0: any bytes count.
 */
export function growthProblems(weight: AppWeight, live: AppWeight, maxGrowth: number = MAX_RELEASE_GROWTH): string[] {
  return PARTS.filter((part) => weight[part.weight] > live[part.weight] * (1 + maxGrowth)).map((part) => {
    const before = live[part.weight];
    const growth = before === 0 ? '' : `, ${percent.format(((weight[part.weight] - before) / before) * 100)} %`;
    return `${part.label} de ${formatBytes(weight[part.weight])} gzip${growth} acima dos ${formatBytes(before)} da versão no ar (limite: ${percent.format(maxGrowth * 100)} %)`;
  });
}
