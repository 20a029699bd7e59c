import { describe } from 'vitest';
import { browserEnv } from '../support/env.ts';
import { BACKEND_TOKEN_TTL_S, dailyJourneys } from './support/dailyJourneys.ts';

/**
 * The daily journeys as a company without DPoP has them (`auth.dpop` absent
 * or false, the parser's default): the provider's tokens are plain bearer
 * tokens, refresh token included. Every other browser test runs with DPoP
 * on, as docs/deploy.md recommends.
 */
const env = browserEnv({ dpop: false, backendTokenTtl: BACKEND_TOKEN_TTL_S }, ['--test-third-party-cookie-phaseout']);

describe('the daily journeys without DPoP', () => {
  dailyJourneys(env, { dpop: false });
});
