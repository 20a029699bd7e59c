// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { Session } from '../../src/abp/session.ts';
import type { UserConfiguration } from '../../src/abp/userConfiguration.ts';
import { clearProviderTokens, personOf, setProviderTokens } from '../../src/auth/providerTokens.ts';
import { withPersonName } from '../../src/boot/personName.ts';

// The name the app shows: the provider's (kept with the provider tokens), ABP's session name only as the fallback.

const abpSession: Session = {
  application: { version: '1', releaseDate: '2026-01-01', features: {} },
  user: { id: 2, name: 'Beheerder', surname: 'Admin', userName: 'admin', emailAddress: 'admin@isolatie.local' },
  tenant: { id: 1, tenancyName: 'Default', name: 'Default' },
};

function configuration(impersonatorUserId: number | null): UserConfiguration {
  return { session: { impersonatorUserId } } as unknown as UserConfiguration;
}

function holdTokens(person: unknown): void {
  setProviderTokens({ accessToken: 'at', idToken: 'id', refreshToken: 'rt', expiresAt: 1, subject: 'sub', person } as Parameters<
    typeof setProviderTokens
  >[0]);
}

beforeEach(() => {
  clearProviderTokens();
});

describe('personOf an ID token', () => {
  it('takes given_name and family_name, else the whole name, else none', () => {
    expect(personOf({ given_name: ' Bea ', family_name: 'de Vries', name: 'X' })).toEqual({ name: 'Bea', surname: 'de Vries' });
    expect(personOf({ given_name: 'Bea' })).toEqual({ name: 'Bea', surname: '' });
    expect(personOf({ name: 'Bea de Vries' })).toEqual({ name: 'Bea de Vries', surname: '' });
    expect(personOf({ given_name: 5, name: '' })).toBeUndefined();
    expect(personOf(undefined)).toBeUndefined();
  });
});

describe('withPersonName', () => {
  it('shows the name held with the provider tokens, as setProviderTokens keeps it across a reload', () => {
    holdTokens({ name: 'Bea', surname: 'de Vries' });
    expect(withPersonName(abpSession, configuration(null)).user).toEqual({ ...abpSession.user, name: 'Bea', surname: 'de Vries' });
  });

  it('keeps ABP’s name without provider tokens, with a stored name that is not one, and for a signed-out session', () => {
    expect(withPersonName(abpSession, configuration(null))).toBe(abpSession);
    for (const person of [undefined, null, 'Bea', { name: 'Bea' }, { name: ' ', surname: '' }, { name: 1, surname: 2 }]) {
      holdTokens(person);
      expect(withPersonName(abpSession, configuration(null))).toBe(abpSession);
    }
    sessionStorage.setItem('oidc.tokens', 'not json');
    expect(withPersonName(abpSession, configuration(null))).toBe(abpSession);
    holdTokens({ name: 'Bea', surname: 'de Vries' });
    const signedOut = { ...abpSession, user: null };
    expect(withPersonName(signedOut, configuration(null))).toBe(signedOut);
  });

  it('keeps the session’s name while someone acts as another person: the provider tokens are the impersonator’s', () => {
    holdTokens({ name: 'Bea', surname: 'de Vries' });
    expect(withPersonName(abpSession, configuration(7))).toBe(abpSession);
  });
});
