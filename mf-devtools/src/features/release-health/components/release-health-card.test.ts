import { describe, expect, it } from 'vitest';
import { change, formatVital } from './release-health-card.tsx';

describe('release health figures', () => {
  it('show ms rounded, CLS with three decimals, and a dash without samples', () => {
    expect(formatVital('LCP', 2412.6)).toBe('2.413 ms');
    expect(formatVital('CLS', 0.0456)).toBe('0,046');
    expect(formatVital('INP', null)).toBe('—');
  });

  it('compare a version with the active one in percent', () => {
    expect(change(2200, 2000)).toBeCloseTo(10, 10);
    expect(change(95, 100)).toBeCloseTo(-5, 10);
    expect(change(null, 100)).toBeNull();
    expect(change(10, 0)).toBeNull();
  });
});
