import { describe, expect, it } from 'vitest';
import { imageKindOf, MAX_UPLOAD_BYTES, megabytes, oversizeMegabytes, srcSetOf } from './image.schema.ts';

describe('image upload shapes', () => {
  it('stores product and category images at one size, logos and covers at theirs', () => {
    expect(['logo', 'cover', 'product', 'category'].map((kind) => imageKindOf(kind as never))).toEqual(['logo', 'cover', 'other', 'other']);
  });

  it('names sizes in MB with one decimal, and a refused size never as the limit itself', () => {
    expect(megabytes(20 * 1024 * 1024 + 300)).toBe(20);
    expect(megabytes(1.25 * 1024 * 1024)).toBe(1.3);
    expect(oversizeMegabytes(30 * 1024 * 1024)).toBe(30);
    expect(oversizeMegabytes(MAX_UPLOAD_BYTES + 1)).toBe(15.1);
  });

  it('writes a srcset narrowest first', () => {
    expect(
      srcSetOf([
        { width: 400, url: '/b.webp' },
        { width: 200, url: '/a.webp' },
      ]),
    ).toBe('/a.webp 200w, /b.webp 400w');
  });
});
