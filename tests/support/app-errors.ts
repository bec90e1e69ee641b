import { isAppError } from '#app/modules/errors/app-error.ts';

/** The refusal a service answered (its AppError's code and params); fails the test when it succeeded or threw anything else. */
export async function refusalOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { code: error.code, params: error.params };
    throw error;
  }
  throw new Error('expected a refusal');
}
