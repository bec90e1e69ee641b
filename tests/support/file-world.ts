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

export function useFileWorld(): void {
  test.beforeAll(({ db: fileDb, scopes: fileScopes, storage: fileStorage }) => {
    db = fileDb;
    scopes = fileScopes;
    storage = fileStorage;
  });
}
