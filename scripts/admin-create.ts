import { z } from 'zod';
import { createAuth } from '#app/auth/auth.server.ts';
import { authServices } from '#app/wiring/auth-services.server.ts';
import { getEnv } from '#app/env.server.ts';
import { systemScope } from '#app/modules/access/system-scope.server.ts';
import { createOrPromoteAdmin } from '#app/modules/account/admin-accounts.server.ts';
import { withDatabase } from '#server/runtime.ts';

// `npm run admin:create -- <email>`: a platform admin with a one-time sign-in link, no password.
const email = z.email().safeParse(process.argv[2]?.trim().toLowerCase());
if (!email.success) {
  console.error('Usage: npm run admin:create -- <email>');
  process.exit(1);
}

await withDatabase(async (handle) => {
  let link = '';
  const auth = createAuth(handle, getEnv(), authServices(handle, { deliverInstead: { send: async (mail) => void (link = /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '') } }));
  const { created } = await createOrPromoteAdmin(systemScope(handle.db, 'script:admin-create'), auth, email.data);
  await auth.api.signInMagicLink({ body: { email: email.data, callbackURL: '/admin' }, headers: new Headers() });
  console.log(`${created ? 'Created' : 'Promoted'} platform admin ${email.data}.`);
  console.log(`One-time sign-in link (valid 15 minutes):\n  ${link}`);
});
