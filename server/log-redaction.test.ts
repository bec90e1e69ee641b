import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it.each([
    ['/api/auth/reset-password/abc123?callbackURL=%2Fx', '/api/auth/reset-password/[redacted]?callbackURL=%2Fx'],
    ['/reset-password?token=abc', '/reset-password?token=[redacted]'],
    ['/api/auth/verify-email?token=abc&callbackURL=/', '/api/auth/verify-email?token=[redacted]&callbackURL=/'],
    ['/api/auth/callback/google?code=c&state=s', '/api/auth/callback/google?code=[redacted]&state=[redacted]'],
    ['/x?session_id=cs_live_1&TOKEN=2&reset_token=3', '/x?session_id=[redacted]&TOKEN=[redacted]&reset_token=[redacted]'],
    ['/bistro?loc=abc', '/bistro?loc=abc'],
    ['/verify/abc/def', '/verify/[redacted]/def'],
    // an invitation's link, and the sign-in that comes back to it
    ['/invitatie/abc123', '/invitatie/[redacted]'],
    ['/login?redirect=%2Finvitatie%2Fabc123', `/login?redirect=${encodeURIComponent('/invitatie/[redacted]')}`],
    ['/login?redirect=%2Fbistro%2Fadmin', '/login?redirect=%2Fbistro%2Fadmin'],
  ])('%s', (url, expected) => expect(redactUrl(url)).toBe(expected));
});
