import type { Migration } from 'kysely/migration';
import * as initial from './2026-11-22-0001-initial.ts';
import * as locationVisible from './2026-11-22-0002-location-visible.ts';

/** Every migration, in order. Append new dated files here; never edit or reorder old ones. */
export const migrations: Record<string, Migration> = {
  '2026-11-22-0001-initial': initial,
  '2026-11-22-0002-location-visible': locationVisible,
};
