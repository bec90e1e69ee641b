import { describe, expect, it } from 'vitest';
import { compareCatalogues } from './catalogue-diff.ts';

describe('catalogue comparison for /translation-debug', () => {
  it('lists every key once and finds no missing key', () => {
    const entries = compareCatalogues();
    expect(new Set(entries.map((e) => e.key)).size).toBe(entries.length);
    expect(entries.filter((e) => e.status === 'missing-ro' || e.status === 'missing-en')).toEqual([]);
  });

  it('flags English left identical to Romanian, except names that are the same on purpose', () => {
    const same = compareCatalogues()
      .filter((e) => e.status === 'same-as-ro')
      .map((e) => e.key);
    expect(same).toEqual([]);
  });
});
