import type { Request } from 'playwright-core';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect } from 'vitest';
import { AppModel } from '../models/app.model.ts';
import { NL } from '../models/texts.ts';
import { securityCase } from './support/cases.ts';
import { securitySuite } from './support/harness.ts';
import { isTokenRequest, isRefreshGrant } from '../../../devstack/provider/token-requests.ts';
import { oktaEndpoint } from '../../../devstack/provider/oidc.ts';
import { SLOW_OUTCOME_MS, SOON_MS } from '../../support/limits.ts';

/**
 * Sender-constrained tokens (DPoP, RFC 9449): the provider's tokens are
 * bound to a key the browser cannot hand out, so a copied refresh or access
 * token is worth nothing elsewhere. Backend tokens of 64 s, so a renewal
 * (refresh with a proof and the provider's nonce) follows each sign-in.
 * The provider insists on its nonce, as Okta does.
 */
const suite = securitySuite(import.meta.filename, { backendTokenTtl: 64, dpopNonce: 'required' });

/** Signs in and waits for the first renewal; returns the page, the refresh token the tab holds, and the last access token it sent the API. */
async function signedInAndRenewed(watched: Parameters<Parameters<typeof suite.run>[0]>[0]) {
  const app = await AppModel.newPage(watched);
  await app.person.signInToHome();
  await expect.poll(() => watched.requests.filter(isRefreshGrant).length, { timeout: SLOW_OUTCOME_MS }).toBeGreaterThan(0);
  const renewal = watched.requests.filter(isRefreshGrant).at(-1)!;
  expect((await renewal.response())?.status()).toBe(200);
  await expect
    .poll(async () => (await app.person.refreshToken()) !== undefined && (await app.person.refreshToken()) !== '', { timeout: SOON_MS })
    .toBe(true);
  return { app, renewal };
}

describe('DPoP: tokens bound to this browser', () => {
  securityCase('every token request carries a proof of one key, the provider binds the tokens to it, and the key cannot be read out', () =>
    suite.run(async (watched) => {
      const { app, renewal } = await signedInAndRenewed(watched);
      const tokenRequests = watched.requests.filter(isTokenRequest);
      const keys = new Set<string>();
      for (const request of tokenRequests) {
        const proof = (await request.allHeaders())['dpop'];
        expect(proof, `${request.postData()}: a DPoP proof`).toBeTruthy();
        expect(decodeProtectedHeader(proof!).typ).toBe('dpop+jwt');
        keys.add(JSON.stringify(decodeProtectedHeader(proof!).jwk));
      }
      expect(keys.size, 'one key for the sign-in and the renewals').toBe(1);
      // The provider asked for its nonce once (use_dpop_nonce), and every proof after that carried one.
      const challenged = [];
      for (const request of tokenRequests)
        if ((await request.response())?.status() === 400) challenged.push(await (await request.response())!.text());
      expect(challenged).toHaveLength(1);
      expect(challenged[0]).toContain('use_dpop_nonce');
      expect(decodeJwt((await renewal.allHeaders())['dpop']!).nonce).toBeTruthy();
      const answer = (await (await renewal.response())!.json()) as { token_type: string; access_token: string };
      expect(answer.token_type).toBe('DPoP');
      expect(decodeJwt(answer.access_token).cnf).toMatchObject({ jkt: expect.any(String) });
      // The authorization code was bound to the key too.
      const authorize = watched.requests.find((request) =>
        request.url().startsWith(oktaEndpoint(watched.stack.urls.signInIssuer, 'authorize')),
      );
      expect(new URL(authorize!.url()).searchParams.get('dpop_jkt')).toBe((decodeJwt(answer.access_token).cnf as { jkt: string }).jkt);
      // The private key is a CryptoKey in IndexedDB that no script can export.
      const key = await app.page.evaluate(async () => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open('oidc');
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const { pair } = await new Promise<{ pair: CryptoKeyPair }>((resolve) => {
          const request = db.transaction('keys').objectStore('keys').get('dpop');
          request.onsuccess = () => resolve(request.result as { pair: CryptoKeyPair });
        });
        db.close();
        const exported = await crypto.subtle.exportKey('jwk', pair.privateKey).then(
          () => 'exported',
          (error: Error) => error.name,
        );
        return { extractable: pair.privateKey.extractable, algorithm: pair.privateKey.algorithm.name, exported };
      });
      expect(key).toEqual({ extractable: false, algorithm: 'ECDSA', exported: 'InvalidAccessError' });
      await app.expectNoLeaks();
    }),
  );

  securityCase('a refresh token copied out of the browser is refused without the key, and the tab goes on renewing', () =>
    suite.run(async (watched) => {
      const { app } = await signedInAndRenewed(watched);
      const stolen = (await app.person.refreshToken())!;
      const token = oktaEndpoint(watched.stack.urls.signInIssuer, 'token');
      const body = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: stolen, client_id: 'isolatie-staff' });
      const bare = await fetch(token, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body });
      expect(bare.status).toBe(400);
      expect(((await bare.json()) as { error: string }).error).toMatch(/invalid_grant|invalid_dpop_proof/);
      const renewals = watched.requests.filter(isRefreshGrant).length;
      await expect.poll(() => watched.requests.filter(isRefreshGrant).length, { timeout: SLOW_OUTCOME_MS }).toBeGreaterThan(renewals);
      expect((await watched.requests.filter(isRefreshGrant).at(-1)!.response())?.status()).toBe(200);
    }),
  );

  securityCase('the API refuses the provider’s access token without a proof of its key, or with a proof used before', () =>
    suite.run(async (watched) => {
      const { app, renewal } = await signedInAndRenewed(watched);
      const { access_token: accessToken } = (await (await renewal.response())!.json()) as { access_token: string };
      await expect
        .poll(
          () =>
            watched.requests.filter(
              (request) => request.method() === 'POST' && request.url().includes('/api/TokenAuth/ExternalAuthenticate'),
            ).length,
        )
        .toBe(2);
      const login = watched.requests
        .filter((request) => request.method() === 'POST' && request.url().includes('/api/TokenAuth/ExternalAuthenticate'))
        .at(-1)!;
      const headers = await login.allHeaders();
      // The body as the app sent it (Playwright does not see a streamed body).
      // providerKey is Okta's user id: the access token's uid (its sub is the login).
      const input = { authProvider: 'OpenIdConnect', providerKey: decodeJwt(accessToken).uid, providerAccessCode: accessToken };
      expect(headers['dpop']).toBeTruthy();
      const send = (extra: Record<string, string>) =>
        fetch(login.url(), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Abp-TenantId': headers['abp-tenantid'] ?? '1', ...extra },
          body: JSON.stringify(input),
        });
      const withoutProof = await send({});
      expect(withoutProof.status).toBe(401);
      expect(JSON.stringify(await withoutProof.json())).toContain('DPoP');
      const replayed = await send({ DPoP: headers['dpop']! });
      expect(replayed.status).toBe(401);
      await app.expectNoLeaks();
    }),
  );

  securityCase(
    'a tab whose key is gone (site data cleared) is refused as invalid_dpop_proof, says why and asks to sign in again, and the popup sign-in goes on with a new key',
    () =>
      suite.run(async (watched) => {
        const { app } = await signedInAndRenewed(watched);
        const proofKey = async (request: Request) => JSON.stringify(decodeProtectedHeader((await request.allHeaders())['dpop']!).jwk);
        const oldKey = await proofKey(watched.requests.filter(isRefreshGrant).at(-1)!);
        await app.page.evaluate(
          () =>
            new Promise<void>((resolve, reject) => {
              const request = indexedDB.deleteDatabase('oidc');
              request.onsuccess = () => resolve();
              request.onerror = () => reject(request.error);
            }),
        );
        await app.markDocument();
        await app.page.getByRole('button', { name: NL.session.signInAgain }).waitFor({ timeout: SLOW_OUTCOME_MS });
        // The provider answered the refresh with the new key as Okta does, and staff read that the key is gone, not a provider error.
        const refused = watched.requests.filter(isRefreshGrant).at(-1)!;
        expect(await proofKey(refused)).not.toBe(oldKey);
        expect((await refused.response())?.status()).toBe(400);
        expect(((await (await refused.response())!.json()) as { error: string }).error).toBe('invalid_dpop_proof');
        await app.see(NL.session.keyLost);
        expect(await app.page.getByText(NL.callback.providerError).count()).toBe(0);
        await app.signInAgainInPopup();
        await app.page.getByRole('button', { name: NL.session.signInAgain }).waitFor({ state: 'detached', timeout: SLOW_OUTCOME_MS });
        const renewals = watched.requests.filter(isRefreshGrant).length;
        await expect.poll(() => watched.requests.filter(isRefreshGrant).length, { timeout: SLOW_OUTCOME_MS }).toBeGreaterThan(renewals);
        const renewal = watched.requests.filter(isRefreshGrant).at(-1)!;
        expect((await renewal.response())?.status()).toBe(200);
        expect(await proofKey(renewal)).not.toBe(oldKey);
        await app.expectPageKept();
      }),
  );
});
