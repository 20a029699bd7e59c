import { describe, expect, it } from 'vitest';
import { browserEnv } from '../support/env.ts';
import { BACKEND_TOKEN_TTL_S, dailyJourneys } from './support/dailyJourneys.ts';

/**
 * An Okta org without a custom authorization server (API Access Management
 * is a paid add-on): the app signs in at the org server itself, whose access
 * token is opaque to the backend, which asks the org's /introspect (as the
 * app's client) whether it is this app's, then /userinfo who it is for. Mijn
 * account's token comes from the same server, a token of its own, which
 * /introspect shows the backend to refuse. DPoP is off here: the backend
 * cannot prove a browser's key at /userinfo.
 */
const env = browserEnv({ oktaLayout: 'org-only', backendTokenTtl: BACKEND_TOKEN_TTL_S }, ['--test-third-party-cookie-phaseout']);

describe('the daily journeys in an org without a custom authorization server', () => {
  it('signs in at the org server itself', () => {
    expect(env.stack.urls.signInIssuer).toBe(env.stack.urls.issuer);
    expect(env.stack.appConfig.auth.issuer).toBe(env.stack.urls.issuer);
  });

  dailyJourneys(env, { dpop: false });
});
