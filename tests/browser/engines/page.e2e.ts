import { describe, expect, it } from 'vitest';
import { RENEW_MARGIN_MS } from '../../../machines/token.machine.ts';
import { NL } from '../models/texts.ts';
import { engineEnv } from '../support/engineEnv.ts';
import { runPageClock } from '../support/pageClock.ts';
import { LOOK_EVERY_MS, QUIET_MS, seconds, SLOW_OUTCOME_MS, SOON_MS, TEST_MS } from '../../support/limits.ts';

/**
 * The page's own rules in every engine: the Content-Security-Policy with
 * Trusted Types, the title and focus after a navigation, and the DPoP key
 * kept in IndexedDB. The app server names a report address in its policy in
 * test mode, so a violation reaches the stack from any engine, also from
 * WebKit, whose driver cannot listen in the page. Where an engine has no
 * Trusted Types, the policy's script-src still refuses injected script, and
 * the app must work without them (its one policy is only made where the
 * engine has `trustedTypes`).
 */

interface Report {
  'csp-report'?: { 'violated-directive'?: string; 'effective-directive'?: string; 'blocked-uri'?: string; 'document-uri'?: string };
}

const directiveOf = (report: unknown): string => {
  const body = (report as Report)['csp-report'];
  return body?.['effective-directive'] ?? body?.['violated-directive'] ?? JSON.stringify(report);
};

/** A backend token whose renewal (a minute before it ends) is 20 s of the page clock after the sign-in. */
const BACKEND_TOKEN_TTL_S = 80;

/** What IndexedDB holds of the DPoP key: its id and whether a script could read the private key out. */
const storedDpopKey = () =>
  new Promise<{ id: string; extractable: boolean } | null>((resolve, reject) => {
    const opening = indexedDB.open('oidc');
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const get = opening.result.transaction('keys').objectStore('keys').get('dpop');
      get.onerror = () => reject(get.error);
      get.onsuccess = () => {
        const value = get.result as { id: string; pair: CryptoKeyPair } | undefined;
        opening.result.close();
        resolve(value ? { id: value.id, extractable: value.pair.privateKey.extractable } : null);
      };
    };
  });

const refreshTokenOf = (stored: Record<string, string>): string | undefined =>
  (JSON.parse(stored['oidc.tokens'] ?? '{}') as { refreshToken?: string }).refreshToken;

describe.each(['chromium', 'firefox', 'webkit'] as const)('%s, the page’s rules', (engine) => {
  const env = engineEnv(engine);

  it(`${engine}: no screen breaks the policy (login, the provider's round trip, Home, a section, Gebruikers, not found), and a navigation moves the focus to the new page's heading`, async () => {
    await env.staff.signInToHome();
    await env.staff.tab.role('link', NL.section.verkoop).click();
    await env.staff.tab.role('heading', NL.section.verkoop).waitFor();
    // A navigation names the page in the tab and moves the focus to its heading, for a screen reader in every engine.
    await expect.poll(() => env.staff.tab.evaluate(() => document.title)).toBe(NL.shell.title(NL.section.verkoop));
    await expect
      .poll(() => env.staff.tab.evaluate(() => `${document.activeElement?.tagName ?? ''}:${document.activeElement?.textContent ?? ''}`))
      .toBe(`H1:${NL.section.verkoop}`);
    await env.staff.open('/app/home');
    await env.staff.waitForHome();
    await env.staff.openUsers();
    await env.staff.tab.text('monteur@isolatie.local').waitFor();
    await env.staff.open('/bestaat-niet');
    await env.staff.tab.role('heading', NL.errorPage.notFound).waitFor();
    // Reports are sent after the fact: a violation of the last screen has had time to arrive once the next page is up.
    await env.staff.open('/account/login');
    await env.staff.waitForLoginPage();
    expect(env.stack.cspReports.map(directiveOf)).toEqual([]);
  });

  it(`${engine}: injected markup with a handler is refused, and the refusal reaches the stack`, async () => {
    await env.staff.open('/account/login');
    await env.staff.waitForLoginPage();
    const outcome = await env.staff.tab.evaluate(() => {
      const enforced = 'trustedTypes' in window;
      const target = document.createElement('div');
      document.body.append(target);
      try {
        // The default policy lets only the service worker's address through: markup is refused where Trusted Types are enforced.
        target.innerHTML = '<img src="/nothing.png" onerror="window.injected = true">';
        return { enforced, threw: false };
      } catch {
        return { enforced, threw: true };
      }
    });
    // Where the markup got in, the handler is still refused by script-src; give the image its time to fail.
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    expect(
      await env.staff.tab.evaluate(() => (window as unknown as { injected?: boolean }).injected ?? false),
      'the injected handler ran',
    ).toBe(false);
    expect(outcome.threw, 'Trusted Types refused the markup where the engine has them').toBe(outcome.enforced);
    await expect
      .poll(() => env.stack.cspReports.map(directiveOf), { timeout: SOON_MS })
      .toEqual([outcome.enforced ? 'require-trusted-types-for' : 'script-src-attr']);
    console.log(
      `trusted types (${engine}): ${outcome.enforced ? 'enforced' : 'not in this engine; script-src refuses the injected handler'}`,
    );
  });
});

/**
 * The DPoP key through a reload, and a renewal after it: the backend token's
 * renewal is due a minute before it ends, on the page clock the test stack
 * puts in the page (a stack of its own, so the page's rules above are
 * checked on the app's pages as built).
 */
describe.each(['chromium', 'firefox', 'webkit'] as const)('%s, the DPoP key', (engine) => {
  const env = engineEnv(engine, { backendTokenTtl: BACKEND_TOKEN_TTL_S, pageClock: true });

  it(
    `${engine}: keeps the DPoP key in IndexedDB, unreadable, through a reload, and the provider takes the next renewal with it`,
    async () => {
      await env.staff.signInToHome();
      const key = await env.staff.tab.evaluate(storedDpopKey);
      expect(key, 'a key in IndexedDB').not.toBeNull();
      expect(key?.extractable, 'the private key can be read out').toBe(false);
      await env.staff.tab.reload();
      await env.staff.waitForHome();
      const before = refreshTokenOf(await env.staff.tab.sessionStorage());
      expect(before, 'a refresh token').toBeTruthy();
      // The refresh token is bound to the key: a renewal after the reload that the provider accepts is one made with the same key.
      // Due a minute before the backend token ends, by the page's clock, moved on to it.
      await runPageClock(env.staff.tab, seconds(BACKEND_TOKEN_TTL_S) - RENEW_MARGIN_MS);
      await expect
        .poll(async () => refreshTokenOf(await env.staff.tab.sessionStorage()), { timeout: SLOW_OUTCOME_MS, interval: LOOK_EVERY_MS })
        .not.toBe(before);
      expect(await env.staff.interrupted(), '"Opnieuw inloggen" shows').toBe(false);
      expect((await env.staff.tab.evaluate(storedDpopKey))?.id).toBe(key?.id);
    },
    TEST_MS,
  );
});
