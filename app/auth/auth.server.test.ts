import { describe, expect, it, vi } from 'vitest';

describe('the process-wide auth', () => {
  it('refuses to exist before the composition root gave it its e-mails and password-check limit', async () => {
    // a fresh module instance that no wireAuth() (app/wiring/auth-services.server.ts) has reached, as in a process that forgot
    vi.resetModules();
    const { getAuth } = await import('./auth.server.ts');
    expect(() => getAuth()).toThrow(/auth has no services/);
  });
});
