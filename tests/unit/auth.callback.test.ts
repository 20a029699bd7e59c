// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { isLoginRedirect } from '../../src/auth/callback.ts';

const ORIGIN = 'http://localhost:4200';

describe('isLoginRedirect', () => {
  it.each([
    `${ORIGIN}/account/logincallback?code=x&state=y`,
    `${ORIGIN}/account/logincallback?state=y&code=x`,
    `${ORIGIN}/account/logincallback?error=access_denied`,
    `${ORIGIN}/account/logincallback?error=access_denied&error_description=nee&state=y`,
    '/account/logincallback?code=x&state=y',
  ])('is true for %j', (href) => {
    expect(isLoginRedirect(href, ORIGIN)).toBe(true);
  });

  it.each([
    `${ORIGIN}/account/logincallback`,
    `${ORIGIN}/account/logincallback?state=y`,
    `${ORIGIN}/account/logincallback#code=x`,
    `${ORIGIN}/account/login?code=x&state=y`,
    `${ORIGIN}/verkoop?code=x`,
    `${ORIGIN}/account/logincallback/extra?code=x`,
    'https://evil.example/account/logincallback?code=x&state=y',
    'http://localhost:4201/account/logincallback?code=x&state=y',
    'http://localhost:4200:/account/logincallback?code=x',
    'https:',
    'http://[::1/account/logincallback?code=x',
  ])('is false for %j', (href) => {
    expect(isLoginRedirect(href, ORIGIN)).toBe(false);
  });

  it('uses the current origin when none is given', () => {
    expect(isLoginRedirect(`${location.origin}/account/logincallback?code=x`)).toBe(true);
    expect(isLoginRedirect('https://evil.example/account/logincallback?code=x')).toBe(false);
  });
});
