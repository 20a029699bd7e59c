import { beforeEach, describe, expect, it } from 'vitest';
import { clearProviderTokens, getProviderTokens, setProviderTokens } from '../../src/auth/providerTokens.ts';

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

  it.each(['[]', 'null', '5', '"tokens"', '{}', '{"accessToken":"","refreshToken":5,"expiresAt":1,"subject":"s"}', '{"accessToken":"","expiresAt":null,"subject":"s"}', 'not json'])(
    'uses nothing of %s and removes it',
    (stored) => {
      sessionStorage.setItem(KEY, stored);
      expect(getProviderTokens()).toBeUndefined();
      expect(sessionStorage.getItem(KEY)).toBeNull();
    },
  );
});
