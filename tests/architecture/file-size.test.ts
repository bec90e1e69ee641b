import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// No file under app/ or server/ passes 300 lines (docs/style.md, Layout): a longer one is split along its seams.
// Test files count too. Only these kinds may be longer, because their length is their content, not their logic:
const LIMIT = 300;
const EXCEPTED: { kind: string; path: RegExp }[] = [
  // data: the demo restaurant's menu, one entry per dish
  { kind: 'data', path: /^app\/modules\/demo\/demo-menu\.(data|de)\.ts$/ },
  // content: legal texts
  { kind: 'content', path: /^app\/content\// },
  // schema types: one interface per table
  { kind: 'schema types', path: /^app\/db\/schema\.ts$/ },
  // catalogues: translated strings (ro.ts, en.ts and their <area>.ro.ts / <area>.en.ts parts, the guest labels)
  { kind: 'catalogue', path: /^app\/i18n\/(ro|en|[\w-]+\.(ro|en)|guest-labels\.[a-z]{2})\.ts$/ },
];

const root = join(import.meta.dirname, '..', '..');

function lineCounts(): { file: string; lines: number }[] {
  return ['app', 'server'].flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.(ts|tsx|js|mjs|cjs|css)$/.test(name) && !name.includes('+types'))
      .map((name) => {
        const text = readFileSync(join(root, dir, name), 'utf8');
        return { file: join(dir, name), lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0) };
      }),
  );
}

const files = lineCounts();

describe('file size', () => {
  it(`keeps every file under app/ and server/ within ${LIMIT} lines, data, content, schema types and catalogues excepted`, () => {
    const over = files.filter(({ file, lines }) => lines > LIMIT && !EXCEPTED.some(({ path }) => path.test(file))).map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(over).toEqual([]);
  });
});
