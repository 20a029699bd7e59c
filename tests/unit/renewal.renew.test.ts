// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeToken } from '../../src/abp/authTokenStore.ts';
import { clearToken } from '../../src/abp/authToken.ts';
import { clearProviderTokens, setProviderTokens, type ProviderTokens } from '../../src/auth/providerTokens.ts';
import { parseAppConfig } from '../../src/config/parseAppConfig.ts';
import { renewTokens } from '../../src/renewal/renew.lazy.ts';
import type { TokenGrant } from '../../machines/token.types.ts';

/**
 * Two tabs whose renewals fall due together: one takes the Web Lock and
 * renews, the other waits for it. The rotated refresh token reaches the
 * waiting tab on the channel before the lock does, but the backend cookie the
 * first tab wrote can reach it a moment after (Firefox and WebKit hand cookies
 * to the other tabs' processes late). The waiting tab must take the first
 * tab's renewal, not spend the rotated token on a second one.
 */

const config = parseAppConfig({
  appBaseUrl: 'http://localhost:4200',
  remoteServiceBaseUrl: 'http://localhost:21021',
  auth: { issuer: 'http://localhost:4300', clientId: 'staff-app' },
});

const SECOND = 1000;

/** A backend token (a JWT, as ABP's) that expires at `expiresAt` and lived `lifetimeMs`. */
function backendToken(expiresAt: number, lifetimeMs: number): string {
  const claims = { exp: Math.floor(expiresAt / SECOND), iat: Math.floor((expiresAt - lifetimeMs) / SECOND) };
  return `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.signature`;
}

const tokens = (refreshToken: string): ProviderTokens => ({
  accessToken: '',
  idToken: `id-${refreshToken}`,
  refreshToken,
  expiresAt: Date.now() + 300 * SECOND,
  subject: 'idp-0001-admin',
});

/** The Web Lock, held by the other tab until `release` is called. */
function lockHeldElsewhere(): { release: () => void } {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  Object.defineProperty(navigator, 'locks', {
    configurable: true,
    value: { request: (_name: string, callback: () => Promise<unknown>) => held.then(callback) },
  });
  return { release };
}

const network = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
/** When this tab's backend token expires (a whole second, as a JWT's `exp`). */
const known = Math.floor(Date.now() / SECOND) * SECOND + 60 * SECOND;

beforeEach(() => {
  vi.stubGlobal('fetch', network);
  storeToken(backendToken(known, 600 * SECOND), '', 600);
  setProviderTokens(tokens('rt-1'));
});

afterEach(() => {
  vi.unstubAllGlobals();
  network.mockClear();
  clearToken();
  clearProviderTokens();
  Reflect.deleteProperty(navigator, 'locks');
});

/** When the other tab's new backend token expires. */
const renewedAt = known + 600 * SECOND;

/**
 * This tab's renewal while the other tab renews: the rotated tokens come on
 * the channel, the other tab lets go of the lock, and its backend cookie
 * reaches this tab 200 ms later.
 */
async function renewalBesideAnother(): Promise<TokenGrant> {
  const lock = lockHeldElsewhere();
  const renewal = renewTokens(config, known);
  setProviderTokens(tokens('rt-2'));
  lock.release();
  await new Promise((resolve) => setTimeout(resolve, 200));
  storeToken(backendToken(renewedAt, 600 * SECOND), '', 600);
  return renewal;
}

describe('renewTokens in a tab that waited for another tab’s renewal', () => {
  it.each([
    ['that held the tokens before', () => {}],
    ['opened on its own, whose first tokens are the rotated ones', () => clearProviderTokens()],
  ])('takes the other tab’s backend token when its cookie comes after the rotated refresh token, in a tab %s', async (_, before) => {
    before();
    await expect(renewalBesideAnother()).resolves.toEqual({
      expiresAt: renewedAt,
      lifetimeMs: 600 * SECOND,
      sessionEndsAt: undefined,
      renewLate: false,
    });
    expect(network, 'no request of its own to the provider').not.toHaveBeenCalled();
  });

  it('renews itself when nothing came from the other tab', async () => {
    const lock = lockHeldElsewhere();
    const renewal = renewTokens(config, known);
    lock.release();

    await expect(renewal).rejects.toMatchObject({ kind: 'provider-unreachable' });
    expect(network, 'it went to the provider itself').toHaveBeenCalled();
  });

  it('renews itself when the other tab’s cookie never comes (its backend login failed)', async () => {
    const lock = lockHeldElsewhere();
    const renewal = renewTokens(config, known);
    setProviderTokens(tokens('rt-2'));
    lock.release();

    await expect(renewal).rejects.toMatchObject({ kind: 'provider-unreachable' });
    expect(network, 'it went to the provider itself, after waiting for the cookie').toHaveBeenCalled();
  });
});
