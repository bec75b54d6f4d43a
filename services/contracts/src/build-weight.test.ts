import { describe, expect, it } from 'vitest';
import { budgetProblems, growthProblems, MAX_RELEASE_GROWTH, packageBudgetSchema, weighedBuildInfoSchema } from './build-weight.ts';

describe('budgetProblems', () => {
  it('names each part over its budget with both figures and the excess; at the budget is within it', () => {
    expect(budgetProblems({ jsGzip: 30_000, cssGzip: 8_000 }, { js: 30_000, css: 8_000 })).toEqual([]);
    expect(budgetProblems({ jsGzip: 34_120, cssGzip: 8_001 }, { js: 33_000, css: 8_000 })).toEqual([
      'JS inicial de 34.120 B gzip acima do orçamento de 33.000 B (+1.120 B)',
      'CSS inicial de 8.001 B gzip acima do orçamento de 8.000 B (+1 B)',
    ]);
  });
});

describe('growthProblems', () => {
  const live = { jsGzip: 20_000, cssGzip: 4_000 };

  it(`accepts up to ${MAX_RELEASE_GROWTH * 100} % over the live version, and any shrinking`, () => {
    expect(growthProblems({ jsGzip: 21_000, cssGzip: 4_200 }, live)).toEqual([]);
    expect(growthProblems({ jsGzip: 1_000, cssGzip: 0 }, live)).toEqual([]);
  });

  it('names each part more than 5 % heavier with both figures and the growth', () => {
    expect(growthProblems({ jsGzip: 21_001, cssGzip: 4_200 }, live)).toHaveLength(1);
    expect(growthProblems({ jsGzip: 21_010, cssGzip: 4_200 }, live)).toEqual(['JS inicial de 21.010 B gzip, 5,05 % acima dos 20.000 B da versão no ar (limite: 5 %)']);
    expect(growthProblems({ jsGzip: 20_000, cssGzip: 4_500 }, live)).toEqual(['CSS inicial de 4.500 B gzip, 12,5 % acima dos 4.000 B da versão no ar (limite: 5 %)']);
    expect(growthProblems({ jsGzip: 20_000, cssGzip: 10 }, { jsGzip: 20_000, cssGzip: 0 })).toEqual(['CSS inicial de 10 B gzip acima dos 0 B da versão no ar (limite: 5 %)']);
    expect(growthProblems({ jsGzip: 22_000, cssGzip: 4_000 }, live, 0.1)).toEqual([]);
  });
});

describe('declared budgets and recorded weights', () => {
  it("reads a package.json's prata.budget and refuses one that is missing or not whole positive bytes", () => {
    expect(packageBudgetSchema.parse({ name: 'mf-x', prata: { budget: { js: 32_768, css: 8_192 } } }).prata.budget).toEqual({ js: 32_768, css: 8_192 });
    expect(packageBudgetSchema.safeParse({ name: 'mf-x' }).success).toBe(false);
    expect(packageBudgetSchema.safeParse({ prata: { budget: { js: 0, css: 1 } } }).success).toBe(false);
    expect(packageBudgetSchema.safeParse({ prata: { budget: { js: 1.5, css: 1 } } }).success).toBe(false);
  });

  it('build-info.json may record the weight and budget (production builds) or not (development)', () => {
    const info = { name: 'storefront', kind: 'remote', version: '0.1.0-aaaaaaaa', packageVersion: '0.1.0', contentHash: 'aaaaaaaa', builtAt: '2026-11-26T10:00:00.000Z', contractVersion: 1, shared: {} };
    expect(weighedBuildInfoSchema.parse(info).weight).toBeUndefined();
    expect(weighedBuildInfoSchema.parse({ ...info, weight: { jsGzip: 1, cssGzip: 2 }, budget: { js: 3, css: 4 } })).toMatchObject({ weight: { jsGzip: 1, cssGzip: 2 }, budget: { js: 3, css: 4 } });
    expect(weighedBuildInfoSchema.safeParse({ ...info, weight: { jsGzip: -1, cssGzip: 2 } }).success).toBe(false);
  });
});
