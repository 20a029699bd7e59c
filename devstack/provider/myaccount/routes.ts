import { Hono } from 'hono';
import type { AccountServices } from '../accounts.ts';
import { registerContactRoutes } from './contacts.ts';
import {
  authenticate,
  myAccountBase,
  myAccountCors,
  MYACCOUNT_PATH,
  oktaError,
  versionedJson,
  type MyAccountEnv,
  type MyAccountPolicy,
} from './http.ts';
import { registerProfileRoutes } from './profile.ts';
import type Provider from 'oidc-provider';

// The provider's my-account API at /idp/myaccount, where a signed-in user
// reads and changes their own profile, e-mail addresses, phone numbers and
// password. Paths, bodies and answers follow Okta's MyAccount API (what
// okta-auth-js lib/myaccount calls; the table in src/myaccount/operations.lazy.ts),
// so the app can move to Okta unchanged.

/** What an org chooses about its MyAccount API: the step-up challenge, and whether it has change-password. */
export type MyAccountOrgOptions = Omit<MyAccountPolicy, 'clock'>;

export function createMyAccountApp(services: AccountServices, org: Provider, options: MyAccountOrgOptions = {}): Hono<MyAccountEnv> {
  const base = myAccountBase(services.issuer);
  const app = new Hono<MyAccountEnv>().basePath(MYACCOUNT_PATH);
  // Only the org authorization server's tokens count, as at Okta: the custom
  // server's token the app got for its backend is not one of them.
  const lookup = async (value: string) => {
    const token = await org.AccessToken.find(value);
    if (!token?.accountId) return undefined;
    const authTime = token.extra?.auth_time;
    return {
      sub: token.accountId,
      scope: token.scope ?? '',
      jkt: token.jkt,
      authTime: typeof authTime === 'number' ? authTime : undefined,
    };
  };

  app.use('*', myAccountCors(services.appOrigin));
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  app.use('*', versionedJson);
  app.use('*', authenticate(lookup, services.users));

  const policy: MyAccountPolicy = { ...options, clock: services.clock };
  registerProfileRoutes(app, services, base, policy);
  registerContactRoutes(app, services, base, policy);

  app.notFound((c) => oktaError(c, 'notFound', [], `Not found: Resource not found: ${c.req.method} ${new URL(c.req.url).pathname}`));
  app.onError((error, c) => {
    console.error('devstack: my-account call failed', error);
    return c.json(
      { errorCode: 'E0000009', errorSummary: 'Internal Server Error', errorLink: 'E0000009', errorId: 'oae-devstack', errorCauses: [] },
      500,
    );
  });
  return app;
}
