import { describe, expect, it } from 'vitest';
import { getAuth } from './auth.server.ts';

describe('the process-wide auth', () => {
  it('refuses to exist before the composition root gave it its e-mails and password-check limit', () => {
    // this file never calls wireAuth() (app/wiring/auth-services.server.ts), as a process that forgot would not
    expect(() => getAuth()).toThrow(/auth has no services/);
  });
});
