import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createRoutePatternOf } from './metrics.ts';

/** A route table shaped like the build's: a root layout, nested and index routes. */
const build = {
  routes: {
    root: { id: 'root', path: '' },
    'routes/home': { id: 'routes/home', parentId: 'root', index: true },
    'routes/login': { id: 'routes/login', parentId: 'root', path: 'login' },
    'routes/menu': { id: 'routes/menu', parentId: 'root', path: ':slug' },
    'routes/restaurant-admin': { id: 'routes/restaurant-admin', parentId: 'root', path: ':restaurantSlug/admin' },
    'routes/product-edit': { id: 'routes/product-edit', parentId: 'routes/restaurant-admin', path: 'products/:productId' },
  },
} as unknown as ServerBuild;

describe('route pattern of a path (metrics labels)', () => {
  it('names the pattern, never the raw path, for data requests too, and "unmatched" for what no route takes', () => {
    const patternOf = createRoutePatternOf(build);
    expect(patternOf('/login')).toBe('/login');
    expect(patternOf('/bistro')).toBe('/:slug');
    expect(patternOf('/bistro/admin/products/p-1')).toBe('/:restaurantSlug/admin/products/:productId');
    expect(patternOf('/bistro/admin/products/p-1.data')).toBe('/:restaurantSlug/admin/products/:productId');
    expect(patternOf('/a/b/c/d/e')).toBe('unmatched');
  });

  it('gives the same answers when paths are remembered, and after more distinct paths than it keeps', () => {
    const patternOf = createRoutePatternOf(build);
    for (let i = 0; i < 5000; i++) expect(patternOf(`/bistro-${i}/admin/products/p-${i}`)).toBe('/:restaurantSlug/admin/products/:productId');
    expect(patternOf('/login')).toBe('/login');
    expect(patternOf('/login')).toBe('/login');
    expect(patternOf('/bistro-1/admin/products/p-1')).toBe('/:restaurantSlug/admin/products/:productId');
    expect(patternOf('/bistro-1')).toBe('/:slug');
  });
});
