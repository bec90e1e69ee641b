import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

const QUERY_BUILDER = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql`/;

describe('the house rules the build checks', () => {
  it('keeps SQL in repositories and app/db/ only', () => {
    const offenders = [...sourceFiles('app'), ...sourceFiles('server')]
      .filter((file) => !file.endsWith('.repo.server.ts') && !file.startsWith('app/db/') && !/\.test\.tsx?$/.test(file))
      .flatMap((file) =>
        readFileSync(join(root, file), 'utf8')
          .split('\n')
          .map((line, index) => ({ line, at: `${file}:${index + 1}` }))
          .filter(({ line }) => QUERY_BUILDER.test(line))
          .map(({ at, line }) => `${at}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });

  it('passes dependency-cruiser: layers, no server code in ui/, no cycles', () => {
    // the same check `npm test` runs first; here so a plain `vitest run` catches it too
    const output = execFileSync('depcruise', ['app', 'server', 'scripts', 'tests', '--output-type', 'err'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(output).toContain('no dependency violations found');
  }, 60_000);
});
