import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { logger } from '#app/logger.server.ts';
import { AppError, type AppErrorCode, type AppErrorParams } from '#app/modules/errors/app-error.ts';
import type { ParsedFile } from './parse-file.server.ts';

/**
 * Uploaded files are read in one worker thread, one file at a time: a long PDF or a large
 * spreadsheet costs seconds of CPU, and on the request's thread every other request (the guests'
 * menus included) would wait for it. The worker's heap is capped, a file that takes too long is
 * stopped, and a few files wait their turn; more are refused until the worker catches up. The
 * worker stops after a while without work and starts again with the next file.
 */

const require = createRequire(import.meta.url);
/** resolved through package.json's imports: the same file from the sources (tests) and the built server */
const WORKER_FILE = require.resolve('#app/modules/import/parse-worker.server.ts');

/** Files waiting for the worker beyond the one it reads; one more is refused with a "try again" message. */
export const MAX_WAITING_FILES = 8;
const PARSE_TIMEOUT_MS = 60_000;
const IDLE_MS = 30_000;
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 384, maxYoungGenerationSizeMb: 48 };

interface Task {
  kind: 'csv' | 'xlsx' | 'pdf';
  bytes: Uint8Array;
  resolve: (result: ParsedFile) => void;
  reject: (error: unknown) => void;
}

type Answer = { id: number; result: ParsedFile } | { id: number; refusal: { code: AppErrorCode; params: AppErrorParams } };

const waiting: Task[] = [];
let worker: Worker | undefined;
let current: { id: number; task: Task; worker: Worker; timer: NodeJS.Timeout } | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let lastId = 0;

const tooComplex = () => new AppError('import-too-complex');

function finish(): Task | undefined {
  const done = current;
  if (!done) return undefined;
  clearTimeout(done.timer);
  current = undefined;
  setImmediate(next);
  return done.task;
}

function startWorker(): Worker {
  const started = new Worker(WORKER_FILE, { resourceLimits: RESOURCE_LIMITS });
  let failure: Error | undefined;
  started.on('message', (answer: Answer) => {
    if (current?.worker !== started || current.id !== answer.id) return;
    const task = finish();
    if ('refusal' in answer) task?.reject(new AppError(answer.refusal.code, answer.refusal.params));
    else task?.resolve(answer.result);
  });
  started.on('error', (error) => {
    failure = error;
  });
  started.on('exit', () => {
    if (worker === started) worker = undefined;
    if (current?.worker !== started) return;
    const outOfMemory = (failure as { code?: string } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
    if (!outOfMemory) logger.error({ err: failure }, 'the import parse worker stopped');
    finish()?.reject(outOfMemory || !failure ? tooComplex() : failure);
  });
  return started;
}

function next(): void {
  if (current) return;
  const task = waiting.shift();
  if (!task) {
    worker?.unref();
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (current) return;
      void worker?.terminate();
      worker = undefined;
    }, IDLE_MS).unref();
    return;
  }
  clearTimeout(idleTimer);
  worker ??= startWorker();
  worker.ref();
  const id = ++lastId;
  const running = worker;
  const timer = setTimeout(() => {
    if (current?.id !== id) return;
    // a file the worker cannot finish in time: the worker goes with it, the next file gets a new one
    if (worker === running) worker = undefined;
    finish()?.reject(tooComplex());
    void running.terminate();
  }, PARSE_TIMEOUT_MS);
  current = { id, task, worker: running, timer };
  running.postMessage({ id, kind: task.kind, bytes: task.bytes });
}

/**
 * The file's rows (a spreadsheet) or lines (a PDF), read in the worker thread. Refused with
 * `import-busy` when MAX_WAITING_FILES already wait, `import-too-complex` when the file needs more
 * memory or time than a menu could, or the reader's own refusal (unreadable, too many rows, ...).
 */
export function parseInWorker(kind: Task['kind'], bytes: Uint8Array): Promise<ParsedFile> {
  if (waiting.length >= MAX_WAITING_FILES) return Promise.reject(new AppError('import-busy'));
  return new Promise<ParsedFile>((resolve, reject) => {
    waiting.push({ kind, bytes, resolve, reject });
    next();
  });
}
