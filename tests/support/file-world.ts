import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { test, type ActorScopes, type TestDb } from './test-context.ts';

/**
 * The file's database, the usual actors' scopes and the storage as module bindings, for test files
 * whose top-level helpers need them outside a test's parameters: call `useFileWorld()` once at the
 * top of the file and they hold the file's own fixtures from its first test on.
 */
export let db: TestDb;
export let scopes: ActorScopes;
export let storage: FileStorage;
/** the folder `storage` writes to */
export let uploads: string;

/**
 * Registers, in the calling file, the hook that points the bindings above at its fixtures. A call, not a hook run when
 * a module loads: the test files that share their worker's modules (vitest.config.ts) load a helper once, and a hook a
 * helper registered on loading would be the first file's only.
 */
export function useFileWorld(): void {
  test.beforeAll(({ db: fileDb, scopes: fileScopes, storage: fileStorage, uploads: fileUploads }) => {
    db = fileDb;
    scopes = fileScopes;
    storage = fileStorage;
    uploads = fileUploads;
  });
}
