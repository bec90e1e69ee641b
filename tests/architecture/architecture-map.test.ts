import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/architecture.md's module table must match app/modules/: one row per folder, each module's imports of other
// modules within its "may import" cell, its public files existing and naming every file other modules import.
// A regex scan of import specifiers (#app/modules/<m>/… and relative paths) gives the same module graph as
// dependency-cruiser (checked when this test was written) in milliseconds; layers.test.ts runs depcruise itself.

const root = join(import.meta.dirname, '..', '..');
const MODULES = 'app/modules';

type Row = { module: string; publicFiles: string[]; mayImport: string[] };

function readMap(): Row[] {
  const text = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8');
  const table = text.slice(text.indexOf('| module | what it owns | public files | may import |'));
  return table
    .split('\n')
    .slice(2)
    .filter((line) => line.startsWith('|'))
    .map((line) => {
      const cells = line.split(' | ').map((cell) => cell.replace(/^\|\s*|\s*\|$/g, '').trim());
      const names = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
      return {
        module: names(cells[0]!)[0] ?? cells[0]!,
        publicFiles: names(cells[2]!),
        mayImport: cells[3] === '—' ? [] : cells[3]!.split(',').map((name) => name.trim()),
      };
    });
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

/** Every import of another module's file by a non-test file of app/, server/ or scripts/: importer's module, target. */
function crossModuleImports(): { from: string | undefined; file: string; module: string; target: string }[] {
  return ['app', 'server', 'scripts'].flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.includes('+types'))
      .flatMap((name) => {
        const file = join(dir, name);
        const from = new RegExp(`^${MODULES}/([^/]+)/`).exec(file)?.[1];
        return [...readFileSync(join(root, file), 'utf8').matchAll(SPECIFIER)].flatMap(([, specifier]) => {
          const path = specifier!.startsWith('#app/') ? `app/${specifier!.slice(5)}` : specifier!.startsWith('.') ? normalize(join(dirname(file), specifier!)) : '';
          const target = new RegExp(`^${MODULES}/([^/]+)/(.+)$`).exec(path);
          return target && target[1] !== from ? [{ from, file, module: target[1]!, target: target[2]!.replace(/\.(tsx?|js)$/, '') }] : [];
        });
      }),
  );
}

const rows = readMap();
const folders = readdirSync(join(root, MODULES), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const imports = crossModuleImports();

describe('docs/architecture.md, the module table', () => {
  it('lists every folder under app/modules/ once, and nothing else', () => {
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.module).sort()).toEqual(folders);
  });

  it("holds each module's imports of other modules within its 'may import' cell", () => {
    const allowed = new Map(rows.map((row) => [row.module, new Set(row.mayImport)]));
    const outside = imports
      .filter(({ from, module }) => from !== undefined && !allowed.get(from)?.has(module))
      .map(({ from, file, module }) => `${from} imports ${module} (${file}): add it to the row or remove the import`);
    expect(outside).toEqual([]);
    for (const row of rows) for (const name of row.mayImport) expect(folders, `${row.module} may import ${name}`).toContain(name);
  });

  it('names public files that exist, and every file another module imports', () => {
    const missing = rows.flatMap((row) =>
      row.publicFiles
        .filter((name) => !existsSync(join(root, MODULES, row.module, `${name}.ts`)) && !existsSync(join(root, MODULES, row.module, `${name}.tsx`)))
        .map((name) => `${row.module}/${name}`),
    );
    expect(missing).toEqual([]);
    const listed = new Set(rows.flatMap((row) => row.publicFiles.map((name) => `${row.module}/${name}`)));
    const unlisted = [...new Set(imports.filter(({ from }) => from !== undefined).map(({ module, target }) => `${module}/${target}`))].filter((file) => !listed.has(file)).sort();
    expect(unlisted).toEqual([]);
  });
});

/** The names the `app/ui/` paragraph of docs/architecture.md lists: folders (`name/`) and files (`name.ts`, `.tsx`, `.js`). */
function readUiList(): string[] {
  const text = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8');
  const start = text.indexOf('- `app/ui/`:');
  const paragraph = text.slice(start, text.indexOf('\n- ', start + 1));
  return [...paragraph.matchAll(/`([a-z0-9-]+\/|[a-z0-9.-]+\.(?:tsx?|js))`/g)].map((match) => match[1]!).sort();
}

describe('docs/architecture.md, the app/ui/ list', () => {
  it('names every folder and file of app/ui/ (tests aside), and nothing that is not there', () => {
    const tree = readdirSync(join(root, 'app', 'ui'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() || !/\.test\.tsx?$/.test(entry.name))
      .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name))
      .sort();
    expect(tree.length).toBeGreaterThan(10);
    expect(readUiList()).toEqual(tree);
  });
});
