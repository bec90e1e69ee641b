import { createContext, useContext } from 'react';

const NonceContext = createContext('');

export const NonceProvider = NonceContext.Provider;

/** The CSP nonce of this response (empty in the browser, which hides nonces from the DOM). */
export function useNonce(): string {
  return useContext(NonceContext);
}
