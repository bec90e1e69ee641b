import { createContext } from 'react-router';

/**
 * What the HTTP server knows about a request and hands to loaders and actions. The server gets
 * this key from the built entry module (entry.server.tsx re-exports it), so both sides share one
 * object even though the app is bundled separately.
 */
export interface RequestInfo {
  /** per-request CSP nonce for the inline scripts React Router writes */
  nonce: string;
  /** client address as the server determined it (socket, or trusted proxy) */
  clientIp: string;
  /** set by entry.server's handleError: the server then answers 503 instead of the 500 page */
  failure?: 'database-unavailable';
}

export const requestInfoContext = createContext<RequestInfo>({ nonce: '', clientIp: '' });
