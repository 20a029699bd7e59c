import { describe, expect } from 'vitest';
import { AppModel } from '../models/app.model.ts';
import { NL } from '../models/texts.ts';
import type { WatchedContext } from '../models/watch.ts';
import { securityCase } from './support/cases.ts';
import { securitySuite } from './support/harness.ts';
import { oktaEndpoint } from '../../../devstack/provider/oidc.ts';
import {
  changeTokenResponses,
  createTestKey,
  joinUnsigned,
  nowSeconds,
  serveKeySet,
  splitJwt,
  withClaims,
  type TokenResponseChange,
} from './support/idToken.ts';

const suite = securitySuite(import.meta.filename);

/** Signs in with the token endpoint's answers changed; the app must refuse and store nothing. */
async function expectRefusedTokenResponse(watched: WatchedContext, change: TokenResponseChange, reason: string, logged: RegExp) {
  await changeTokenResponses(watched.context, suite.stack.urls.signInIssuer, change);
  const app = await AppModel.open(watched, '/account/login');
  await app.person.signIn();
  await expectRefused(app, reason, logged);
}

async function expectRefused(app: AppModel, reason: string, logged: RegExp) {
  await app.expectCallbackFailure(reason);
  app.watched.expectLogged(logged);
  await app.watched.expectNoBackendToken();
  await app.expectNoRefreshToken();
  expect(
    app.watched.requests.some((request) => request.url().includes('/TokenAuth/ExternalAuthenticate')),
    'no backend sign-in',
  ).toBe(false);
  await app.expectNoLeaks();
  await app.followCallbackRetry('/account/login');
}

describe.concurrent('the ID token from the token endpoint is checked before anything is stored', () => {
  securityCase.concurrent('an ID token for another client (aud)', () =>
    suite.run((watched) =>
      expectRefusedTokenResponse(
        watched,
        withClaims((claims) => (claims.aud = 'andere-applicatie')),
        NL.callback.audienceMismatch,
        /audience-mismatch/,
      ),
    ),
  );

  securityCase.concurrent('an ID token for this client and another one, without azp', () =>
    suite.run((watched) =>
      expectRefusedTokenResponse(
        watched,
        withClaims((claims) => (claims.aud = [claims.aud, 'andere-applicatie'])),
        NL.callback.audienceMismatch,
        /audience-mismatch/,
      ),
    ),
  );

  securityCase.concurrent('an ID token authorized for another party (azp)', () =>
    suite.run((watched) =>
      expectRefusedTokenResponse(
        watched,
        withClaims((claims) => {
          claims.aud = [claims.aud, 'andere-applicatie'];
          claims.azp = 'andere-applicatie';
        }),
        NL.callback.audienceMismatch,
        /audience-mismatch/,
      ),
    ),
  );

  securityCase.concurrent('an ID token with a wrong nonce', () =>
    suite.run((watched) =>
      expectRefusedTokenResponse(
        watched,
        withClaims((claims) => (claims.nonce = 'N'.repeat(64))),
        NL.callback.nonceMismatch,
        /nonce-mismatch/,
      ),
    ),
  );

  securityCase.concurrent('an ID token without a nonce', () =>
    suite.run((watched) =>
      expectRefusedTokenResponse(
        watched,
        withClaims((claims) => delete claims.nonce),
        NL.callback.nonceMismatch,
        /nonce-mismatch/,
      ),
    ),
  );

  securityCase.concurrent('an ID token from another issuer', () =>
    suite.run((watched) =>
      expectRefusedTokenResponse(
        watched,
        withClaims((claims) => (claims.iss = 'https://evil.example')),
        NL.callback.issuerMismatch,
        /issuer-mismatch/,
      ),
    ),
  );

  securityCase.concurrent('an ID token expired beyond the 300 s clock skew', () =>
    suite.run((watched) =>
      expectRefusedTokenResponse(
        watched,
        withClaims((claims) => {
          // Expired 400 s ago, issued an hour before that.
          claims.exp = nowSeconds() - 400;
          claims.iat = nowSeconds() - 400 - 3600;
        }),
        NL.callback.tokenExpired,
        /token-expired/,
      ),
    ),
  );

  securityCase.concurrent('an ID token not valid before a time beyond the clock skew (nbf)', () =>
    suite.run((watched) =>
      expectRefusedTokenResponse(
        watched,
        withClaims((claims) => {
          claims.nbf = nowSeconds() + 900;
        }),
        NL.callback.tokenExpired,
        /token-expired/,
      ),
    ),
  );

  securityCase.concurrent('an ID token whose signature was tampered with', () =>
    suite.run((watched) =>
      expectRefusedTokenResponse(
        watched,
        (body) => {
          const parts = splitJwt(String(body.id_token));
          const signature = Buffer.from(parts.signature, 'base64url');
          signature[10] = (signature[10] ?? 0) ^ 0xff;
          return { ...body, id_token: joinUnsigned({ ...parts, signature: signature.toString('base64url') }) };
        },
        NL.callback.invalidToken,
        /invalid-token/,
      ),
    ),
  );

  securityCase.concurrent('an ID token with its claims intact but signed by a key the provider does not publish', () =>
    suite.run(async (watched) => {
      const key = await createTestKey();
      await expectRefusedTokenResponse(
        watched,
        async (body) => ({ ...body, id_token: await key.sign(splitJwt(String(body.id_token)).claims) }),
        NL.callback.invalidToken,
        /invalid-token/,
      );
    }),
  );

  securityCase.concurrent('an unsigned ID token (alg none)', () =>
    suite.run((watched) =>
      expectRefusedTokenResponse(
        watched,
        (body) => ({ ...body, id_token: joinUnsigned({ ...splitJwt(String(body.id_token)), header: { alg: 'none' }, signature: '' }) }),
        NL.callback.invalidToken,
        /invalid-token/,
      ),
    ),
  );

  securityCase.concurrent('a token response without an ID token', () =>
    suite.run((watched) =>
      expectRefusedTokenResponse(
        watched,
        (body) => {
          const rest = { ...body };
          delete rest.id_token;
          return rest;
        },
        NL.callback.invalidToken,
        /invalid-token/,
      ),
    ),
  );

  securityCase.concurrent('a token response without an access token: back to the login page, which says sign-in failed', () =>
    suite.run(async (watched) => {
      await changeTokenResponses(watched.context, suite.stack.urls.signInIssuer, (body) => {
        const rest = { ...body };
        delete rest.access_token;
        return rest;
      });
      const app = await AppModel.open(watched, '/account/login');
      await app.person.signIn();
      await app.waitForPath('/account/login?reason=failed');
      await app.see(NL.login.failed);
      await app.expectNotBusy();
      watched.expectLogged(/\[sign-in\].*no access token/);
      await watched.expectNoBackendToken();
      await app.expectNoRefreshToken();
      await app.expectNoLeaks();
      await watched.context.unroute(oktaEndpoint(suite.stack.urls.signInIssuer, 'token'));
      await app.person.signIn();
      await app.waitForPath('/app/home');
      await app.waitForHeading(NL.shell.welcome);
    }),
  );

  securityCase.concurrent('an ID token expired within the clock skew, correctly signed, is accepted', () =>
    suite.run(async (watched) => {
      // The provider's keys as the app sees them are replaced by the test's key, so the changed token is validly signed.
      const key = await createTestKey();
      await serveKeySet(watched.context, suite.stack.urls.signInIssuer, [key.publicJwk]);
      await changeTokenResponses(watched.context, suite.stack.urls.signInIssuer, async (body) => {
        const { claims } = splitJwt(String(body.id_token));
        return { ...body, id_token: await key.sign({ ...claims, iat: nowSeconds() - 3700, exp: nowSeconds() - 100 }) };
      });
      const app = await AppModel.open(watched, '/account/login');
      await app.person.signIn();
      await app.waitForPath('/app/home');
      await app.waitForHeading(NL.shell.welcome);
      await watched.expectBackendToken();
      await app.expectNoLeaks();
    }),
  );
});

describe.concurrent('the token endpoint fails during the code exchange', () => {
  securityCase.concurrent('the code is refused (invalid_grant)', () =>
    suite.run(async (watched) => {
      await watched.context.route(oktaEndpoint(suite.stack.urls.signInIssuer, 'token'), (route) =>
        route.fulfill({
          status: 400,
          json: { error: 'invalid_grant', error_description: 'grant request is invalid' },
          headers: { 'Access-Control-Allow-Origin': suite.stack.urls.app },
        }),
      );
      const app = await AppModel.open(watched, '/account/login');
      await app.person.signIn();
      await expectRefused(app, NL.callback.noTransaction, /no-transaction.*invalid_grant/);
    }),
  );

  securityCase.concurrent('the token endpoint answers 500 server_error', () =>
    suite.run(async (watched) => {
      await watched.context.route(oktaEndpoint(suite.stack.urls.signInIssuer, 'token'), (route) =>
        route.fulfill({
          status: 500,
          json: { error: 'server_error', error_description: 'unexpected error' },
          headers: { 'Access-Control-Allow-Origin': suite.stack.urls.app },
        }),
      );
      const app = await AppModel.open(watched, '/account/login');
      await app.person.signIn();
      await expectRefused(app, NL.callback.providerError, /provider-error.*HTTP 500/);
    }),
  );

  securityCase.concurrent('the token endpoint answers an HTML error page', () =>
    suite.run(async (watched) => {
      await watched.context.route(oktaEndpoint(suite.stack.urls.signInIssuer, 'token'), (route) =>
        route.fulfill({
          status: 502,
          contentType: 'text/html',
          body: '<html><body><h1>502 Bad Gateway</h1></body></html>',
          headers: { 'Access-Control-Allow-Origin': suite.stack.urls.app },
        }),
      );
      const app = await AppModel.open(watched, '/account/login');
      await app.person.signIn();
      await expectRefused(app, NL.callback.providerError, /provider-error.*HTTP 502/);
    }),
  );

  securityCase.concurrent('the token endpoint cannot be reached', () =>
    suite.run(async (watched) => {
      await watched.context.route(oktaEndpoint(suite.stack.urls.signInIssuer, 'token'), (route) => route.abort('connectionrefused'));
      const app = await AppModel.open(watched, '/account/login');
      await app.person.signIn();
      await expectRefused(app, NL.callback.providerUnreachable, /provider-unreachable/);
    }),
  );
});
