import { parentPort } from 'node:worker_threads';
import { isAppError } from '#app/modules/errors/app-error.ts';
import { parseFile } from './parse-file.server.ts';

/**
 * The import's parse worker (started by parse-pool.server.ts): reads one file at a time and answers
 * its rows or lines, or the refusal (an AppError's code and params) the owner is shown.
 */
parentPort?.on('message', (message: { id: number; kind: 'csv' | 'xlsx' | 'pdf'; bytes: Uint8Array }) => {
  parseFile(message.kind, message.bytes).then(
    (result) => parentPort?.postMessage({ id: message.id, result }),
    (error: unknown) => {
      const refusal = isAppError(error) ? { code: error.code, params: error.params } : { code: 'import-unreadable', params: {} };
      parentPort?.postMessage({ id: message.id, refusal });
    },
  );
});
