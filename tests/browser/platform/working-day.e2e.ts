import { describe, expect, it } from 'vitest';
import { AppModel } from '../models/app.model.ts';
import { NL } from '../models/texts.ts';
import { clockedEnv } from '../support/lifetimeClock.ts';
import { LONG_TEST_MS, minutes, PRESENT_MS, seconds, SLOW_OUTCOME_MS } from '../../support/limits.ts';

/**
 * A session with a fixed end that rotation does not move (the provider's
 * refresh token chain, which no token answer names, as at Okta: the app has
 * it from appconfig's `auth.refreshTokenLifetimeMinutes`): five minutes before it the
 * person is told when it ends and may sign in again in the popup, keeping
 * the page. The chain lasts 5 min 40 s here, so the warning comes 40 s after
 * sign-in, on the page's clock (`LifetimeClock`).
 */
const env = clockedEnv({ refreshTokenAbsoluteTtl: 340 });

const WARNING = /^Je sessie eindigt om \d{2}:\d{2}\./;

describe('the end of the working day', () => {
  it(
    'warns five minutes before the session ends, and a sign-in in the popup starts a new one on the same page',
    async () => {
      const app = await AppModel.newPage(env.watched);
      await app.person.signInToHome();
      await app.markDocument();
      const chainEnd = await app.page.evaluate(
        () => (JSON.parse(sessionStorage.getItem('oidc.tokens') ?? '{}') as { sessionEndsAt?: number }).sessionEndsAt,
      );
      expect(chainEnd, 'the end appconfig names').toBeGreaterThan(Date.now() + minutes(5));

      const warning = app.page.getByRole('alert').filter({ hasText: WARNING });
      expect(await warning.count(), 'no warning before its time').toBe(0);
      await env.clock.runFor(seconds(45), async () => (await warning.count()) > 0);
      await warning.waitFor({ timeout: PRESENT_MS });
      expect(await env.clock.now(app.page), 'the warning not before five minutes before the end').toBeGreaterThanOrEqual(
        chainEnd! - minutes(5),
      );
      // In the page's own time zone, as a person reads the clock there.
      const shown = await app.page.evaluate(
        (end) => new Date(end).toLocaleTimeString('nl', { hour: '2-digit', minute: '2-digit' }),
        chainEnd!,
      );
      expect(await warning.textContent()).toContain(`Je sessie eindigt om ${shown}.`);

      await app.signInAgainInPopup();
      // The popup's code is exchanged here after the popup closed: the new session's end comes with it.
      const sessionEnd = () =>
        app.page.evaluate(
          () => (JSON.parse(sessionStorage.getItem('oidc.tokens') ?? '{}') as { sessionEndsAt?: number }).sessionEndsAt ?? 0,
        );
      await expect.poll(sessionEnd, { timeout: SLOW_OUTCOME_MS }).toBeGreaterThan(chainEnd! + seconds(30));
      await warning.waitFor({ state: 'detached', timeout: SLOW_OUTCOME_MS });
      await app.expectPageKept('/app/home', NL.shell.welcome);
      expect(await app.page.getByRole('button', { name: NL.session.signInAgain }).count()).toBe(0);
    },
    LONG_TEST_MS,
  );
});
