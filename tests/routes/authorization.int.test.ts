import { afterAll, describe, expect, it } from 'vitest';
import { test } from '#tests/support/test-context.ts';
import { createWorld, runMatrix, type MatrixReport, type World } from './authorization-matrix.ts';

// docs/product-spec.md section 6 against the route modules themselves: every loader and action, every kind of user.
describe('authorization matrix (every route module, every actor)', () => {
  let world: World | undefined;
  let report: MatrixReport;
  test.beforeAll(async ({ database }) => {
    world = await createWorld(database);
    report = await runMatrix(world);
  }, 60_000);
  afterAll(() => world?.cleanup());

  it('gives each actor exactly what docs/product-spec.md section 6 says, and nothing of another restaurant', () => {
    expect(report.violations).toEqual([]);
    expect(report.calls).toBeGreaterThan(150);
  });

  it('covers every route module with a loader or action (a new route needs a matrix entry)', () => {
    expect(report.uncovered).toEqual([]);
  });
});
