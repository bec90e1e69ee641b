import { getDb } from '#app/db/db.server.ts';
import { logger } from '#app/logger.server.ts';
import { createInsightRecorder, type InsightRecorder } from './insight-recorder.server.ts';

/** This process's one recorder, started on first use (the menu's cache and api/beacon share it). */
let recorder: InsightRecorder | undefined;

export function insightRecorder(): InsightRecorder {
  if (!recorder) {
    recorder = createInsightRecorder({ getDb, onError: (error) => logger.warn({ err: error }, 'insights flush failed; kept for the next one') });
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
