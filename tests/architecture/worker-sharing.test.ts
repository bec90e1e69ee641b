// Which test files share their worker's modules (vitest.config.ts): a file that would leave something behind for the next
// file, itself or through a helper it loads, must get a fresh module graph, and one that leaves nothing must not pay for one.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { helpersOf, sharesWell } from '#tests/support/worker-sharing.ts';

const root = mkdtempSync(join(tmpdir(), 'bucate-sharing-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

describe('sharesWell', () => {
  it('shares a file that only uses its own fixtures, through helpers that register nothing as they load', () => {
    write('tests/support/world.ts', "import { test } from './context.ts';\nexport function useWorld() {\n  test.beforeAll(() => {});\n}\n");
    write('tests/support/context.ts', 'export const test = 1;\n');
    write('app/a.int.test.ts', "import { useWorld } from '#tests/support/world.ts';\nuseWorld();\nconst env = process.env.X === 'y';\n");
    expect(helpersOf('app/a.int.test.ts', root).sort()).toEqual(['tests/support/context.ts', 'tests/support/world.ts']);
    expect(sharesWell('app/a.int.test.ts', root)).toBe(true);
  });

  it.each([
    ['mocks a module', "vi.mock('#app/x.ts');"],
    ['spies', "vi.spyOn(console, 'log');"],
    ['writes the environment', "process.env.DATA_DIR = '/tmp/x';"],
    ['deletes from the environment', 'delete process.env.SMTP_URL;'],
    ['swaps a process-wide service', 'provideLiveBus(() => bus);'],
    ['wires the auth services', 'wireAuth();'],
  ])('isolates a file that %s, and one whose helper (or its helper) does', (_, line) => {
    write('tests/b.test.ts', `${line}\n`);
    expect(sharesWell('tests/b.test.ts', root)).toBe(false);
    write('tests/support/deep.ts', `export const x = 1;\n${line}\n`);
    write('tests/support/near.ts', "export { x } from './deep.ts';\nimport { x } from './deep.ts';\n");
    write('server/c.test.ts', "import { x } from '#tests/support/near.ts';\n");
    expect(sharesWell('server/c.test.ts', root)).toBe(false);
  });

  it('isolates a file whose helper registers a hook as it loads (the shared module would register it for the first file only)', () => {
    write('tests/support/harness.ts', "import { afterEach } from 'vitest';\nlet server;\nafterEach(() => server?.close());\n");
    write('server/d.test.ts', "import { serve } from '#tests/support/harness.ts';\n");
    expect(sharesWell('server/d.test.ts', root)).toBe(false);
  });

  it("reads this project's own files so: the route matrix (its world writes the environment) is isolated, the editor's files share", () => {
    expect(sharesWell('tests/routes/authorization.int.test.ts')).toBe(false);
    expect(sharesWell('tests/server/live-orders-across-processes.int.test.ts')).toBe(false);
    expect(sharesWell('app/modules/editor/menu-editor.int.test.ts')).toBe(true);
    expect(sharesWell('app/modules/import/import-options.int.test.ts')).toBe(true);
  });
});
