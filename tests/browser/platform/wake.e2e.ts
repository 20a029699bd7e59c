import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AppModel } from '../models/app.model.ts';
import { NL } from '../models/texts.ts';
import { browserEnv } from '../support/env.ts';
import { isRefreshGrant } from '../../../devstack/provider/token-requests.ts';
import { QUIET_MS, seconds, SLOW_OUTCOME_MS, SOON_MS } from '../../support/limits.ts';

/**
 * A tab whose renewal timer slept with it: the page clock is paused right
 * after sign-in (no page timer fires), then its wall clock moves past the
 * renewal point as after a sleep. Waking (online again, visible again)
 * renews at once, and the person is told nothing. The backend token lives
 * 90 s here, so it is due 30 s after sign-in.
 */
const env = browserEnv({ backendTokenTtl: 90 });

/** Signed in at /app/home with the token lifecycle running, then the page clock paused and moved 45 s on, timers unfired. */
async function signedInThenAsleep(): Promise<{ app: AppModel; grants: Request[] }> {
  await env.context.clock.install();
  const app = await AppModel.newPage(env.watched);
  const lifecycleLoaded = app.page.waitForResponse((response) => /\/assets\/tokenActor\.lazy-[^/]+\.js$/.test(response.url()), {
    timeout: SLOW_OUTCOME_MS,
  });
  await app.person.signInToHome();
  // The token lifecycle loads once the browser is idle, and idle callbacks run on the page clock.
  await env.context.clock.runFor(seconds(3));
  await lifecycleLoaded;
  await app.page.waitForTimeout(QUIET_MS);
  const grants: Request[] = [];
  app.page.on('request', (request) => {
    if (isRefreshGrant(request)) grants.push(request);
  });
  // The page clock runs on until paused, so the pause is set a little ahead: the moment read from the page is already past when a loaded machine gets to pauseAt.
  const pausedAt = (await app.page.evaluate(() => Date.now())) + seconds(3);
  await env.context.clock.pauseAt(pausedAt);
  await env.context.clock.setSystemTime(pausedAt + seconds(45));
  await app.page.waitForTimeout(QUIET_MS);
  expect(grants, 'no timer fired while asleep').toEqual([]);
  return { app, grants };
}

async function expectRenewedQuietly(page: Page, grants: Request[]): Promise<void> {
  await expect.poll(() => grants.length, { timeout: SLOW_OUTCOME_MS }).toBe(1);
  expect((await grants[0]!.response())?.status()).toBe(200);
  await expect
    .poll(
      () =>
        page
          .context()
          .cookies()
          .then((cookies) => cookies.some((cookie) => cookie.name === 'Abp.AuthToken')),
      { timeout: SOON_MS },
    )
    .toBe(true);
  expect(await page.getByRole('alert').count(), 'nothing to tell the person').toBe(0);
  expect(await page.getByRole('button', { name: NL.session.signInAgain }).count()).toBe(0);
}

describe('a tab that slept checks its session when it wakes', () => {
  it('renews at once when the browser is online again', async () => {
    const { app, grants } = await signedInThenAsleep();
    await app.page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expectRenewedQuietly(app.page, grants);
  });

  it('renews at once when the tab is shown again', async () => {
    const { app, grants } = await signedInThenAsleep();
    await app.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expectRenewedQuietly(app.page, grants);
  });
});
