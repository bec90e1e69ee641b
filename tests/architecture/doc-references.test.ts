import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Code cites documents by path (docs/style.md, docs/product-spec.md section 4, docs/decisions/0011):
// each must be in the repository, and the names of documents that never were (a shared style guide,
// an architecture plan) must not come back.

const ROOTS = ['app', 'server', 'scripts', 'tests'];
const files = [
  ...ROOTS.flatMap((root) =>
    readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.(ts|tsx|mjs|js|cjs)$/.test(name) && !name.includes('+types'))
      .map((name) => join(root, name)),
  ),
  '.dependency-cruiser.cjs',
];
const texts = files.map((path) => ({ path, text: readFileSync(path, 'utf8') }));
const self = join('tests', 'architecture', 'doc-references.test.ts');

describe('documents the code cites', () => {
  it('exist in the repository', () => {
    const missing = texts.flatMap(({ path, text }) =>
      [...text.matchAll(/\bdocs\/[\w./-]*\w/g)]
        .map((match) => match[0])
        .filter((cited) => !existsSync(cited) && !existsSync(`${cited}.md`) && !readdirSync(join(cited, '..')).some((name) => name.startsWith(`${cited.split('/').at(-1)}-`)))
        .map((cited) => `${path}: ${cited}`),
    );
    expect(missing).toEqual([]);
  });

  it('never name documents outside it', () => {
    const outside = texts.filter(({ path, text }) => path !== self && (/STYLE\.md/.test(text) || /architecture-next|\bthe spec\b/i.test(text))).map(({ path }) => path);
    expect(outside).toEqual([]);
  });
});
