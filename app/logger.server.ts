import pino from 'pino';

/**
 * Structured logs (docs/style.md, Logs). Secrets never reach them: known secret-bearing fields
 * are redacted wherever they appear.
 */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  redact: {
    paths: ['password', '*.password', 'token', '*.token', 'secret', '*.secret', 'req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    censor: '[redacted]',
  },
});
