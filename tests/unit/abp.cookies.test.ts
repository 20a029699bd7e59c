// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteCookie, readCookie, writeCookie } from '../../src/lib/cookies.ts';
import { getCultureName, setCultureName } from '../../src/abp/culture.ts';
import { getTenantId, hasChosenTenant, setTenantId } from '../../src/abp/tenant.ts';
import { clearToken, getToken } from '../../src/abp/authToken.ts';
import { storeToken, tokenExpiry, tokenLifetime } from '../../src/abp/authTokenStore.ts';

function clearAllCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; expires=${new Date(0).toUTCString()}`;
  }
}

/** Replaces `document.cookie` with a recorder of the strings written to it. */
function recordCookieWrites(): string[] {
  const writes: string[] = [];
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => '',
    set: (value: string) => {
      writes.push(value);
    },
  });
  return writes;
}

beforeEach(clearAllCookies);
afterEach(() => {
  Reflect.deleteProperty(document, 'cookie');
  vi.unstubAllGlobals();
  clearAllCookies();
});

describe('writeCookie and readCookie', () => {
  it('reads back what was written, special characters included', () => {
    writeCookie('Abp.Localization.CultureName', 'en-US');
    writeCookie('note', 'a;b=c d');
    expect(readCookie('Abp.Localization.CultureName')).toBe('en-US');
    expect(readCookie('note')).toBe('a;b=c d');
  });

  it('gives undefined for a cookie that is not there, also one whose name is a prefix', () => {
    writeCookie('Abp.AuthTokenX', 'x');
    expect(readCookie('Abp.AuthToken')).toBeUndefined();
  });

  it('removes a cookie with deleteCookie', () => {
    writeCookie('gone', 'soon');
    deleteCookie('gone');
    expect(readCookie('gone')).toBeUndefined();
  });

  it('writes for the whole site with SameSite=Lax and no Secure on http', () => {
    const writes = recordCookieWrites();
    writeCookie('name', 'value');
    expect(writes).toEqual(['name=value; path=/; SameSite=Lax']);
  });

  it('adds Secure on https', () => {
    vi.stubGlobal('location', { ...location, protocol: 'https:' });
    const writes = recordCookieWrites();
    writeCookie('name', 'value');
    expect(writes).toEqual(['name=value; path=/; SameSite=Lax; Secure']);
  });

  it('adds the expiry date when given one, and deletes with an expiry in the past', () => {
    const writes = recordCookieWrites();
    writeCookie('name', 'value', { expires: new Date(Date.UTC(2030, 0, 2, 3, 4, 5)) });
    deleteCookie('name');
    expect(writes).toEqual([
      'name=value; path=/; SameSite=Lax; expires=Wed, 02 Jan 2030 03:04:05 GMT',
      'name=; path=/; SameSite=Lax; expires=Thu, 01 Jan 1970 00:00:00 GMT',
    ]);
  });
});

describe('tenant id', () => {
  it('is undefined without a tenant cookie', () => {
    expect(getTenantId()).toBeUndefined();
  });

  it('is read from the Abp-TenantId cookie', () => {
    document.cookie = 'Abp-TenantId=5; path=/';
    expect(getTenantId()).toBe(5);
  });

  it('falls back to the legacy Abp.TenantId cookie', () => {
    document.cookie = 'Abp.TenantId=9; path=/';
    expect(getTenantId()).toBe(9);
  });

  it('prefers Abp-TenantId over the legacy cookie', () => {
    document.cookie = 'Abp.TenantId=9; path=/';
    document.cookie = 'Abp-TenantId=5; path=/';
    expect(getTenantId()).toBe(5);
  });

  it.each(['abc', '', ' ', 'null', '1.5', '-2'])('is undefined for the cookie value %j', (raw) => {
    document.cookie = `Abp-TenantId=${raw}; path=/`;
    expect(getTenantId()).toBeUndefined();
  });

  it('is stored by setTenantId in Abp-TenantId, replacing a legacy cookie', () => {
    document.cookie = 'Abp.TenantId=9; path=/';
    setTenantId(4);
    expect(readCookie('Abp-TenantId')).toBe('4');
    expect(readCookie('Abp.TenantId')).toBeUndefined();
    expect(getTenantId()).toBe(4);
  });

  it('is the host after setTenantId(undefined): an empty Abp-TenantId, kept as a choice; the legacy cookie goes', () => {
    document.cookie = 'Abp.TenantId=9; path=/';
    document.cookie = 'Abp-TenantId=5; path=/';
    setTenantId(undefined);
    expect(readCookie('Abp-TenantId')).toBe('');
    expect(readCookie('Abp.TenantId')).toBeUndefined();
    expect(getTenantId()).toBeUndefined();
    expect(hasChosenTenant()).toBe(true);
  });

  it('is no choice at all without either cookie', () => {
    expect(hasChosenTenant()).toBe(false);
    document.cookie = 'Abp.TenantId=9; path=/';
    expect(hasChosenTenant()).toBe(true);
  });
});

describe('culture', () => {
  it('is nl without a culture cookie', () => {
    expect(getCultureName()).toBe('nl');
  });

  it('is nl when the culture cookie is blank', () => {
    document.cookie = 'Abp.Localization.CultureName=%20; path=/';
    expect(getCultureName()).toBe('nl');
  });

  it('is read back after setCultureName', () => {
    setCultureName('en-US');
    expect(readCookie('Abp.Localization.CultureName')).toBe('en-US');
    expect(getCultureName()).toBe('en-US');
  });
});

describe('backend token', () => {
  it('is undefined when none is held', () => {
    expect(getToken()).toBeUndefined();
  });

  it('is stored with its encrypted form and read back', () => {
    storeToken('token-1', 'encrypted-1', 3600);
    expect(getToken()).toBe('token-1');
    expect(readCookie('Abp.AuthToken')).toBe('token-1');
    expect(readCookie('enc_auth_token')).toBe('encrypted-1');
  });

  it('lives for the browser session unless remembered, then expires with the token', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 2, 5, 12, 0, 0));
    try {
      const writes = recordCookieWrites();
      storeToken('t', 'e', 60);
      storeToken('t', 'e', 60, true);
      expect(writes.slice(0, 2).some((w) => w.includes('expires='))).toBe(false);
      expect(writes[2]).toBe('Abp.AuthToken=t; path=/; SameSite=Lax; expires=Thu, 05 Mar 2026 12:01:00 GMT');
      expect(writes[3]).toBe('enc_auth_token=e; path=/; SameSite=Lax; expires=Thu, 05 Mar 2026 12:01:00 GMT');
    } finally {
      vi.useRealTimers();
    }
  });

  it('is gone with its encrypted form after clearToken', () => {
    storeToken('token-1', 'encrypted-1', 3600);
    clearToken();
    expect(getToken()).toBeUndefined();
    expect(readCookie('enc_auth_token')).toBeUndefined();
  });

  it('counts an empty token cookie as no token', () => {
    document.cookie = 'Abp.AuthToken=; path=/';
    expect(getToken()).toBeUndefined();
  });

  it('says when it expires and how long it lives from its own claims (a reload, another tab’s renewal), and nothing when it does not say', () => {
    const jwt = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.s`;
    // As ABP issues it: iat and nbf at the sign-in, exp 75 s on.
    expect(tokenExpiry(jwt({ iat: 1_800_000_000, nbf: 1_800_000_000, exp: 1_800_000_075 }))).toBe(1_800_000_075_000);
    expect(tokenLifetime(jwt({ iat: 1_800_000_000, nbf: 1_800_000_000, exp: 1_800_000_075 }))).toBe(75_000);
    expect(tokenLifetime(jwt({ nbf: 1_800_000_000, exp: 1_800_000_120 }))).toBe(120_000);
    expect(tokenLifetime(jwt({ exp: 1_800_000_120 }))).toBeUndefined();
    expect(tokenLifetime(jwt({ iat: 1_800_000_120, exp: 1_800_000_120 }))).toBeUndefined();
    expect(tokenLifetime('not-a-jwt')).toBeUndefined();
  });
});
