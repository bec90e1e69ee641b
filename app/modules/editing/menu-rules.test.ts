import { describe, expect, it } from 'vitest';
import { isPermutationOf, logoFillTargets, moveInOrder, nextProductsCount, planDeletion, type MenuTree } from './menu-rules.ts';

const tree: MenuTree = {
  categories: [
    { id: 'c1', locationId: 'L1', imageKey: '/uploads/c1.jpg' },
    { id: 'c2', locationId: 'L1', imageKey: null },
    { id: 'c3', locationId: 'L2', imageKey: '/uploads/shared.jpg' },
  ],
  products: [
    { id: 'p1', categoryId: 'c1', imageKey: '/uploads/p1.jpg' },
    { id: 'p2', categoryId: 'c1', imageKey: '/uploads/shared.jpg' },
    { id: 'p3', categoryId: 'c2', imageKey: null },
    { id: 'p4', categoryId: 'c3', imageKey: 'https://cdn.example.com/p4.jpg' },
  ],
};

describe('planDeletion (docs/product-spec.md section 4 cascade)', () => {
  it('takes a location with its categories and their products', () => {
    expect(planDeletion({ kind: 'location', id: 'L1' }, tree)).toEqual({
      locationIds: ['L1'],
      categoryIds: ['c1', 'c2'],
      productIds: ['p1', 'p2', 'p3'],
      imageKeys: ['/uploads/c1.jpg', '/uploads/p1.jpg', '/uploads/shared.jpg'],
    });
  });

  it('takes a category with its products only', () => {
    expect(planDeletion({ kind: 'category', id: 'c3' }, tree)).toEqual({
      locationIds: [],
      categoryIds: ['c3'],
      productIds: ['p4'],
      imageKeys: ['/uploads/shared.jpg', 'https://cdn.example.com/p4.jpg'],
    });
  });

  it('takes one product and nothing else', () => {
    expect(planDeletion({ kind: 'product', id: 'p3' }, tree)).toEqual({ locationIds: [], categoryIds: [], productIds: ['p3'], imageKeys: [] });
  });

  it('takes an empty location and nothing else', () => {
    expect(planDeletion({ kind: 'location', id: 'L9' }, tree)).toEqual({ locationIds: ['L9'], categoryIds: [], productIds: [], imageKeys: [] });
  });
});

describe('nextProductsCount (docs/product-spec.md section 4)', () => {
  it('adds and removes by the number of products', () => {
    expect(nextProductsCount(3, 1)).toBe(4);
    expect(nextProductsCount(3, -2)).toBe(1);
  });

  it('never goes below zero', () => {
    expect(nextProductsCount(0, -1)).toBe(0);
    expect(nextProductsCount(2, -5)).toBe(0);
  });
});

describe('logoFillTargets (docs/product-spec.md section 4 logo update)', () => {
  const items = [
    { id: 'empty', imageKey: null },
    { id: 'blank', imageKey: '' },
    { id: 'old-logo', imageKey: '/uploads/logo-old.jpg' },
    { id: 'own', imageKey: '/uploads/dish.jpg' },
  ];

  it('fills items without an image and those showing the old logo', () => {
    expect(logoFillTargets(items, '/uploads/logo-old.jpg')).toEqual(['empty', 'blank', 'old-logo']);
  });

  it('fills only empty items when there was no logo before', () => {
    expect(logoFillTargets(items, null)).toEqual(['empty', 'blank']);
  });

  it('leaves an item with its own picture alone', () => {
    expect(logoFillTargets([{ id: 'own', imageKey: '/uploads/dish.jpg' }], '/uploads/logo-old.jpg')).toEqual([]);
  });
});

describe('moveInOrder', () => {
  it('swaps with the neighbour', () => {
    expect(moveInOrder(['a', 'b', 'c'], 'b', 'up')).toEqual(['b', 'a', 'c']);
    expect(moveInOrder(['a', 'b', 'c'], 'b', 'down')).toEqual(['a', 'c', 'b']);
  });

  it('keeps the order at either end or for an unknown id', () => {
    expect(moveInOrder(['a', 'b'], 'a', 'up')).toEqual(['a', 'b']);
    expect(moveInOrder(['a', 'b'], 'b', 'down')).toEqual(['a', 'b']);
    expect(moveInOrder(['a', 'b'], 'x', 'up')).toEqual(['a', 'b']);
  });
});

describe('isPermutationOf', () => {
  it('accepts exactly the same ids in any order', () => {
    expect(isPermutationOf(['b', 'a'], ['a', 'b'])).toBe(true);
  });

  it('refuses missing, extra, foreign or repeated ids', () => {
    expect(isPermutationOf(['a'], ['a', 'b'])).toBe(false);
    expect(isPermutationOf(['a', 'b', 'c'], ['a', 'b'])).toBe(false);
    expect(isPermutationOf(['a', 'x'], ['a', 'b'])).toBe(false);
    expect(isPermutationOf(['a', 'a'], ['a', 'b'])).toBe(false);
  });
});
