// Which test files share their worker's modules (vitest.config.ts projects 'unit' and 'integration', `isolate: false`)
// and which get a fresh module graph of their own ('isolated'), read from the files themselves.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * What makes a test file unfit to share its worker's modules with other files: it mocks or resets modules, stubs the
 * environment or globals, spies, fakes timers, writes `process.env` or swaps a process-wide service (`provideLiveBus`,
 * `wireAuth`): what the next file would see. Or one of the test helpers it loads does, or registers a hook as it loads
 * (a module evaluated once per worker: the hook would be the first file's only). Read from the files, so a new one is
 * isolated without a list.
 */
const changesTheProcess =
  /\bvi\.(mock|doMock|unmock|resetModules|stubEnv|stubGlobal|useFakeTimers|spyOn)\b|process\.env(\.\w+|\[[^\]]+\])\s*=(?!=)|delete process\.env|\b(provide|wire)[A-Z]\w*\(/;
const hookOnLoad = /^(test\.)?(beforeAll|afterAll|beforeEach|afterEach)\(/m;

/** The test helpers (tests/**, not app code) a file imports, and theirs; paths relative to `root`, the project's folder. */
export function helpersOf(file: string, root = '.', seen = new Set<string>()): string[] {
  for (const [, specifier] of readFileSync(join(root, file), 'utf8').matchAll(/from '((?:#tests\/|\.{1,2}\/)[^']+\.ts)'/g)) {
    const helper = specifier!.startsWith('#tests/') ? join('tests', specifier!.slice('#tests/'.length)) : join(dirname(file), specifier!);
    if (!helper.startsWith('tests/') || seen.has(helper) || !existsSync(join(root, helper))) continue;
    seen.add(helper);
    helpersOf(helper, root, seen);
  }
  return [...seen];
}

/** Whether a test file (relative to `root`) can share its worker's modules with the files before and after it (above). */
export function sharesWell(file: string, root = '.'): boolean {
  const read = (path: string) => readFileSync(join(root, path), 'utf8');
  return !changesTheProcess.test(read(file)) && helpersOf(file, root).every((helper) => !changesTheProcess.test(read(helper)) && !hookOnLoad.test(read(helper)));
}
