import { resolveAuthSecret } from '#app/auth/auth-secret.server.ts';
import { getDb } from '#app/db/db.server.ts';
import { getEnv } from '#app/env.server.ts';
import { logger } from '#app/logger.server.ts';
import { createInsightRecorder, type InsightRecorder } from './insight-recorder.server.ts';
import { deriveSearchTermSecret } from './search-terms.server.ts';

/** This process's one recorder, started on first use (the menu's cache and api/beacon share it). */
let recorder: InsightRecorder | undefined;

export function insightRecorder(): InsightRecorder {
  if (!recorder) {
    recorder = createInsightRecorder({
      getDb,
      // every process derives the same secret: a term's searches add up whichever process counted them
      searchSecret: deriveSearchTermSecret(resolveAuthSecret(getEnv())),
      onError: (error) => logger.warn({ err: error }, 'insights flush failed; kept for the next one'),
    });
    recorder.start();
  }
  return recorder;
}

/** On a graceful stop: what is still in memory goes to the database. */
export async function flushInsightsOnStop(): Promise<void> {
  if (!recorder) return;
  try {
    await recorder.stop();
  } catch (error) {
    logger.warn({ err: error }, 'insights final flush failed');
  }
}
