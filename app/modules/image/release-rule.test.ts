import { describe, expect, it } from 'vitest';
import { imagesToRemove } from './release-rule.ts';

describe('imagesToRemove (docs/product-spec.md sections 4 and 5)', () => {
  const owns = (url: string) => url.startsWith('/uploads/');

  it('removes owned images nobody else uses', () => {
    expect(imagesToRemove(['/uploads/a.jpg', '/uploads/b.jpg'], ['/uploads/b.jpg', null], owns)).toEqual(['/uploads/a.jpg']);
  });

  it('never removes an image hosted elsewhere', () => {
    expect(imagesToRemove(['https://cdn.example.com/x.jpg'], [], owns)).toEqual([]);
  });

  it('lists each file once and ignores empty values', () => {
    expect(imagesToRemove(['/uploads/a.jpg', '/uploads/a.jpg', ''], [], owns)).toEqual(['/uploads/a.jpg']);
  });
});
