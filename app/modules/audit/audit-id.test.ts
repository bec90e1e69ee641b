import { describe, expect, it } from 'vitest';
import { newAuditId } from './audit.server.ts';

describe('audit ids', () => {
  it('grow with every id made, also within one millisecond, so the log lists same-millisecond changes in order', () => {
    const ids = Array.from({ length: 2_000 }, () => newAuditId());
    // the loop makes many ids per millisecond: the first 12 hex digits are the millisecond
    expect(new Set(ids.map((id) => id.slice(0, 13))).size).toBeLessThan(ids.length / 2);
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true);
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
