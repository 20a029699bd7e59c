// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { accessTokenExpiry, clearProviderTokens, getProviderTokens, setProviderTokens } from '../../src/auth/providerTokens.ts';

const KEY = 'oidc.tokens';

beforeEach(() => {
  clearProviderTokens();
});

describe('getProviderTokens after a reload', () => {
  it('reads back what was kept, without the access token', () => {
    setProviderTokens({ accessToken: 'at', idToken: 'id', refreshToken: 'rt', expiresAt: 1, subject: 'sub' });
    const stored = sessionStorage.getItem(KEY)!;
    clearProviderTokens();
    sessionStorage.setItem(KEY, stored);
    expect(getProviderTokens()).toEqual({ accessToken: '', idToken: 'id', refreshToken: 'rt', expiresAt: 1, subject: 'sub' });
  });

  it.each([
    '[]',
    'null',
    '5',
    '"tokens"',
    '{}',
    '{"accessToken":"","refreshToken":5,"expiresAt":1,"subject":"s"}',
    '{"accessToken":"","expiresAt":null,"subject":"s"}',
    'not json',
  ])('uses nothing of %s and removes it', (stored) => {
    sessionStorage.setItem(KEY, stored);
    expect(getProviderTokens()).toBeUndefined();
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });
});

describe('accessTokenExpiry', () => {
  it('is expires_in seconds from now, 300 when the provider says nothing', () => {
    expect(accessTokenExpiry(60, 1000)).toBe(61_000);
    expect(accessTokenExpiry(undefined, 1000)).toBe(301_000);
    expect(accessTokenExpiry(0, 1000)).toBe(1000);
  });

  it.each([1e300, 1e306, Number.MAX_VALUE, 8638204644525.777])('keeps %s within what a Date can hold', (expiresIn) => {
    const expiry = accessTokenExpiry(expiresIn, Date.now());
    expect(Number.isFinite(expiry)).toBe(true);
    expect(new Date(expiry).getTime()).toBe(expiry);
  });
});
