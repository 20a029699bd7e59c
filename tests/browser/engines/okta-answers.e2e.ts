import { describe, expect, it } from 'vitest';
import { NL } from '../models/texts.ts';
import { CALLBACK_OUTCOME_MS, OUTCOME_MS } from '../models/watch.ts';
import { engineEnv } from '../support/engineEnv.ts';
import { minutes } from '../../support/limits.ts';

/**
 * Answers Okta gives that staff meet, in Firefox (Total Cookie Protection:
 * the provider on a site of its own never sees its cookie from a frame):
 * - a refresh refused as `invalid_dpop_proof`, because the key the refresh
 *   token is bound to is gone (site data cleared): the banner says so and
 *   "Opnieuw inloggen" goes on with a new key, keeping the page;
 * - no `refresh_expires_in` in any token answer: the session's end comes
 *   from appconfig (`auth.refreshTokenLifetimeMinutes`, here the provider's
 *   chain of 5 min 40 s), and five minutes before it the banner says when.
 * Backend tokens of 64 s, so a renewal follows each sign-in within seconds.
 */
const BACKEND_TOKEN_TTL_S = 64;
const CHAIN_S = 340;
/** The warning comes five minutes before the chain's end. */
const WARNING_AFTER_MS = (CHAIN_S - 300) * 1000;
/** The renewal that meets the lost key: the backend token's first renewal, a minute before it expires. */
const RENEWAL_MS = BACKEND_TOKEN_TTL_S * 1000;
const env = engineEnv('firefox', { backendTokenTtl: BACKEND_TOKEN_TTL_S, refreshTokenAbsoluteTtl: CHAIN_S });

/** The tab's DPoP key store, emptied as "clear site data" does. */
const deleteKeys = () =>
  env.staff.tab.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.deleteDatabase('oidc');
        request.onsuccess = () => resolve();
        request.onerror = () => reject(request.error);
      }),
  );

describe('firefox, the provider on its own site', () => {
  it('says the session key is gone when the provider refuses the refresh with another key, and "Opnieuw inloggen" goes on on the same page', async () => {
    await env.staff.signInToHome();
    await env.staff.markPage();
    const refusedBefore = env.stack.refreshGrants.filter((grant) => grant.error).length;
    await deleteKeys();
    await env.staff.tab.text(NL.session.keyLost).waitFor(RENEWAL_MS + OUTCOME_MS);
    expect(await env.staff.interrupted()).toBe(true);
    expect(await env.staff.tab.text(NL.callback.providerError).visible()).toBe(false);
    expect(env.stack.refreshGrants.filter((grant) => grant.error).length, 'the provider refused a refresh').toBeGreaterThan(refusedBefore);
    // The popup is a first-party visit: the provider's session asks nothing and it closes by itself.
    await env.staff.tab.withPopup(() => env.staff.tab.role('button', NL.session.signInAgain).click(), async () => undefined);
    await expect.poll(() => env.staff.interrupted(), { timeout: CALLBACK_OUTCOME_MS }).toBe(false);
    const granted = env.stack.refreshGrants.filter((grant) => grant.issued).length;
    await expect.poll(() => env.stack.refreshGrants.filter((grant) => grant.issued).length, { timeout: RENEWAL_MS + OUTCOME_MS }).toBeGreaterThan(granted);
    expect(await env.staff.tab.evaluate(() => (window as unknown as { kept?: boolean }).kept), 'the page was kept').toBe(true);
    await env.staff.tab.role('heading', NL.shell.welcome).waitFor();
  }, 3 * RENEWAL_MS + CALLBACK_OUTCOME_MS);

  it('warns five minutes before the configured end of the session, which no token answer names', async () => {
    await env.staff.signInToHome();
    const stored = JSON.parse((await env.staff.tab.sessionStorage())['oidc.tokens'] ?? '{}') as { sessionEndsAt?: number };
    expect(stored.sessionEndsAt, 'the end from appconfig').toBeGreaterThan(Date.now() + minutes(5));
    expect(stored.sessionEndsAt).toBeLessThanOrEqual(Date.now() + CHAIN_S * 1000);
    const shown = await env.staff.tab.evaluate((end) => new Date(end).toLocaleTimeString('nl', { hour: '2-digit', minute: '2-digit' }), stored.sessionEndsAt!);
    await env.staff.tab.text(`Je sessie eindigt om ${shown}.`).waitFor(WARNING_AFTER_MS + CALLBACK_OUTCOME_MS);
    await env.staff.tab.role('button', NL.session.signInAgain).waitFor();
  }, WARNING_AFTER_MS + 3 * CALLBACK_OUTCOME_MS);
});
