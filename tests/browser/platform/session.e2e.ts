import type { Request } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppModel } from '../models/app.model.ts';
import { NL } from '../models/texts.ts';
import { browserEnv } from '../support/env.ts';
import { OUTCOME_MS, QUIET_MS, SLOW_OUTCOME_MS } from '../../support/limits.ts';

/** A session that changes under a screen's feet: a token refused mid-work, someone acting as someone else. */

const env = browserEnv();
const SESSION_PATH = /\/api\/services\/app\/Session\/GetCurrentLoginInformations$/i;

function sessionCalls(app: AppModel): Request[] {
  const calls: Request[] = [];
  app.page.on('request', (request) => {
    if (SESSION_PATH.test(new URL(request.url()).pathname)) calls.push(request);
  });
  return calls;
}

describe('a 401 in the middle of the work', () => {
  it('renews the session silently and sends the refused request once more', async () => {
    const app = await AppModel.newPage(env.watched);
    await app.person.signInToHome();
    const calls = sessionCalls(app);
    env.stack.faults.set('Session', { status: 401, times: 1 });
    await app.openAbout();
    await app.waitForHeading(NL.shell.about);
    await expect.poll(() => calls.length, { timeout: SLOW_OUTCOME_MS }).toBe(2);
    await expect
      .poll(async () => (await Promise.all(calls.map((call) => call.response()))).map((response) => response?.status()))
      .toEqual([401, 200]);
    expect(await app.page.getByTestId('about-version').textContent()).toBe('9.3.0');
    expect(await app.page.getByRole('alert').count(), 'nothing to tell the person').toBe(0);
    expect(await app.page.getByRole('button', { name: NL.session.signInAgain }).count()).toBe(0);
  });

  it('signs in again in a popup when the refresh token no longer works, keeping the page, then sends the request exactly once more', async () => {
    const app = await AppModel.newPage(env.watched);
    await app.person.signInToHome();
    await app.markDocument();
    const calls = sessionCalls(app);
    const acceptAgain = await app.refuseRefreshToken();
    env.stack.faults.set('Session', { status: 401, times: 1 });
    await app.openAbout();
    await app.page.getByRole('button', { name: NL.session.signInAgain }).waitFor({ timeout: SLOW_OUTCOME_MS });
    expect(calls, 'waiting for the person: not repeated yet').toHaveLength(1);
    await acceptAgain();
    await app.signInAgainInPopup();
    // Signing in again runs start-up once more (its own session call); the refused call is repeated once beside it.
    await expect.poll(() => calls.length, { timeout: SLOW_OUTCOME_MS }).toBe(3);
    await app.page.waitForTimeout(QUIET_MS);
    const statuses = (await Promise.all(calls.map((call) => call.response()))).map((response) => response?.status());
    expect(statuses, 'the refused call, start-up again, and exactly one repeat').toEqual([401, 200, 200]);
    expect(await app.page.getByRole('alert').count()).toBe(0);
    expect(await app.documentStillMarked(), 'the page was kept').toBe(true);
    await app.expectNoLeaks();
  });

  it('never loops: a second 401 after the repair is shown, not repeated again', async () => {
    const app = await AppModel.newPage(env.watched);
    await app.person.signInToHome();
    const calls = sessionCalls(app);
    env.stack.faults.set('Session', { status: 401, times: 2 });
    await app.openAbout();
    await app.see(NL.session.expiredMidWork, SLOW_OUTCOME_MS);
    expect(calls).toHaveLength(2);
  });
});

describe('acting as someone else', () => {
  // The stand-in offers impersonation only when the deployment does (module-zero-core-template does not).
  beforeEach(() => env.stack.behaviour.set({ impersonation: 'on' }));
  afterEach(() => env.stack.behaviour.reset());

  async function impersonated(): Promise<AppModel> {
    const response = await fetch(`${env.stack.urls.api}/__devstack/impersonate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ userName: 'admin', asUserName: 'monteur' }),
    });
    const { result } = (await response.json()) as { result: { accessToken: string } };
    await env.context.addCookies([{ name: 'Abp.AuthToken', value: result.accessToken, url: env.stack.urls.app, sameSite: 'Lax' }]);
    const app = await AppModel.open(env.watched, '/app/home');
    await app.waitForHeading(NL.shell.welcomeOf('Piet'));
    return app;
  }

  it('says who acts as whom on every page, and goes back to the impersonator’s own account', async () => {
    const app = await impersonated();
    const banner = app.page.getByRole('region', { name: NL.impersonation.banner });
    await banner.waitFor({ timeout: OUTCOME_MS });
    expect(await banner.textContent()).toContain(NL.impersonation.actingAs('Piet Monteur', 'monteur', 2));
    expect(await app.axeViolations()).toEqual([]);
    await banner.getByRole('button', { name: NL.impersonation.backToOwn }).click();
    await app.waitForHeading(NL.shell.welcome);
    await banner.waitFor({ state: 'detached', timeout: OUTCOME_MS });
  });

  it('is read-only where the backend has no way back', async () => {
    const app = await impersonated();
    // A backend without impersonation's way back, as the recorded host: its path answers 404 (onboarding.json back-to-impersonator-west-admin).
    env.stack.behaviour.set({ impersonation: 'off' });
    const banner = app.page.getByRole('region', { name: NL.impersonation.banner });
    await banner.getByRole('button', { name: NL.impersonation.backToOwn }).click();
    await banner.getByText(NL.impersonation.noWayBack).waitFor();
    expect(await banner.getByRole('button').count()).toBe(0);
    await app.waitForHeading(NL.shell.welcomeOf('Piet'));
  });
});
