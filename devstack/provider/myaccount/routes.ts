import { Hono } from 'hono';
import type { AccountServices } from '../accounts.ts';
import { registerContactRoutes } from './contacts.ts';
import { authenticate, myAccountAudience, myAccountCors, MYACCOUNT_PATH, oktaError, versionedJson, type MyAccountEnv } from './http.ts';
import { registerProfileRoutes } from './profile.ts';
import { createProviderTokenVerifier, ProviderUnavailableError } from '../../api/provider-token.ts';

// The provider's my-account API at /idp/myaccount, where a signed-in user
// reads and changes their own profile, e-mail addresses, phone numbers and
// password. Paths, bodies and answers follow Okta's MyAccount API (what
// okta-auth-js lib/myaccount calls; the table in src/myaccount/operations.lazy.ts),
// so the app can move to Okta unchanged.

export function createMyAccountApp(services: AccountServices): Hono<MyAccountEnv> {
  const base = myAccountAudience(services.issuer);
  const app = new Hono<MyAccountEnv>().basePath(MYACCOUNT_PATH);
  // The same check the API does for its tokens, with this API as audience:
  // a token the app got for its backend is refused here.
  const verify = createProviderTokenVerifier(services.issuer, base);

  app.use('*', myAccountCors(services.appOrigin));
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  app.use('*', versionedJson);
  app.use('*', authenticate(verify, services.users));

  registerProfileRoutes(app, services, base);
  registerContactRoutes(app, services, base);

  app.notFound((c) => oktaError(c, 'notFound', [], `Not found: Resource not found: ${c.req.method} ${new URL(c.req.url).pathname}`));
  app.onError((error, c) => {
    const unavailable = error instanceof ProviderUnavailableError;
    if (!unavailable) console.error('devstack: my-account call failed', error);
    return c.json({ errorCode: 'E0000009', errorSummary: 'Internal Server Error', errorLink: 'E0000009', errorId: 'oae-devstack', errorCauses: [] }, unavailable ? 503 : 500);
  });
  return app;
}
