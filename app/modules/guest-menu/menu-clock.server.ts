import { isTestClockEnabled } from '#app/env.server.ts';

/** The header the browser tests set to move the guest menu's clock (decision 0022). */
export const TEST_CLOCK_HEADER = 'x-test-now';

/** An ISO instant from the test clock header, or null when absent or malformed. */
export function testClockInstant(value: string | null | undefined): number | null {
  if (!value) return null;
  const instant = Date.parse(value);
  return Number.isFinite(instant) ? instant : null;
}

/**
 * "Now" for the guest menu, in ms: the real clock, or the test clock header where the
 * configuration allows it (isTestClockEnabled: never on a public production server).
 */
export function menuNow(headers: { get(name: string): string | null }, enabled = isTestClockEnabled()): number {
  return (enabled ? testClockInstant(headers.get(TEST_CLOCK_HEADER)) : null) ?? Date.now();
}
