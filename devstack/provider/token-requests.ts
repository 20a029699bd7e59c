import type { Request } from 'playwright-core';

// The local provider's token requests as a browser driven by Playwright sends
// them, for the browser tests and the soak run that count and check them.

/** A request to the provider's token endpoint (a code exchange or a refresh). */
export const isTokenRequest = (request: Request) => request.method() === 'POST' && request.url().endsWith('/token');

/** A refresh grant: a renewal of the provider's tokens. */
export const isRefreshGrant = (request: Request) =>
  isTokenRequest(request) && (request.postData() ?? '').includes('grant_type=refresh_token');
