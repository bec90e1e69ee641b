import { getEnv, type Env } from '#app/env.server.ts';
import { logger } from '#app/logger.server.ts';

/**
 * What every process of ours (the HTTP server, `npm run worker`) does the same way: refuse to start
 * on a bad configuration, exit non-zero on a failure nothing caught, stop gracefully on a signal.
 */

/** The validated configuration, or exit 1 with the message naming the bad variable. */
export function loadEnvOrExit(): Env {
  try {
    return getEnv();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

/**
 * A failure nothing caught leaves the process in an unknown state: log it (with the request id when
 * one is in flight on this error) and exit non-zero, so the supervisor (systemd Restart=always)
 * restarts the process.
 */
export function exitOnCrash(): void {
  const crash = (kind: string, error: unknown) => {
    const requestId = error && typeof error === 'object' && 'requestId' in error ? (error as { requestId: unknown }).requestId : undefined;
    logger.fatal({ err: error, requestId }, kind);
    process.exitCode = 1;
    setTimeout(() => process.exit(1), 100).unref();
  };
  process.on('unhandledRejection', (reason) => crash('unhandled rejection', reason));
  process.on('uncaughtException', (error) => crash('uncaught exception', error));
}

/**
 * On SIGTERM or SIGINT, runs `stop` once and exits 0; exits 1 if it takes longer than `graceMs`
 * (a request or a job that will not finish must not keep a deployment waiting).
 */
export function stopGracefully(what: string, graceMs: number, stop: () => Promise<void>): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, `${what} shutting down`);
    setTimeout(() => process.exit(1), graceMs).unref();
    await stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
