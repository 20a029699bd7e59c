// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { AuthError } from '../../src/auth/authError.ts';
import { forgetPerson } from '../../src/auth/leaveTab.ts';
import { stayedSignedIn } from '../../src/signin/backendLogin.ts';
import { getProviderTokens, setProviderTokens } from '../../src/auth/providerTokens.ts';
import { thrown } from './support/thrown.ts';

// The check a renewal and a popup's sign-in make before they keep tokens: a
// page that heard a sign-out lives on until the next page comes, and must not
// put back what the sign-out cleared.

describe('stayedSignedIn', () => {
  it('lets work that no sign-out met keep its tokens', () => {
    const keepable = stayedSignedIn();
    expect(() => keepable()).not.toThrow();
  });

  it('refuses work begun before a sign-out, as the person must sign in again, and says why for the log', () => {
    setProviderTokens({ accessToken: 'a', refreshToken: 'r', idToken: 'i', subject: 'admin', expiresAt: Date.now() + 60_000 });
    const keepable = stayedSignedIn();
    forgetPerson();
    const error = thrown(AuthError, keepable);
    expect(error.kind).toBe('invalid-refresh-token');
    expect(error.detail).toBe('signed out while it was under way: nothing kept');
    expect(getProviderTokens()).toBeUndefined();
  });

  it('lets work begun after the sign-out keep its tokens: the next sign-in in the same page', () => {
    forgetPerson();
    const keepable = stayedSignedIn();
    expect(() => keepable()).not.toThrow();
  });
});
