import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppModel } from '../models/app.model.ts';
import { NL } from '../models/texts.ts';
import { browserEnv } from '../support/env.ts';
import { seconds, SLOW_OUTCOME_MS } from '../../support/limits.ts';

/**
 * Sign-out after inactivity on a shared office computer, two tabs, the
 * page clock of the whole context moved by hand. The server sets 120 s,
 * with a warning for the last 30 s.
 */
const env = browserEnv({
  settings: {
    'App.UserManagement.SessionTimeOut.IsEnabled': 'true',
    'App.UserManagement.SessionTimeOut.TimeOutSecond': '120',
    'App.UserManagement.SessionTimeOut.ShowTimeOutNotificationSecond': '30',
  },
});

const SECOND = seconds(1);

/** The inactivity watch of a page has started: its (closed) warning dialog is in the page. */
async function watching(page: Page): Promise<void> {
  // Polled from here: the page's own timers run on the page clock, which only moves when told to.
  await expect.poll(() => page.locator('dialog.dialog').count(), { timeout: SLOW_OUTCOME_MS }).toBe(1);
}

function warning(page: Page) {
  return page.getByRole('dialog', { name: NL.inactivity.warning });
}

let revocations: string[] = [];

beforeAll(() => {
  revocations = [];
});

afterEach(() => {
  revocations = [];
});

async function twoTabs(): Promise<[AppModel, AppModel]> {
  await env.context.clock.install();
  env.context.on('request', (request) => {
    if (/\/v1\/revoke$/.test(new URL(request.url()).pathname)) revocations.push(request.url());
  });
  const first = await AppModel.newPage(env.watched);
  await first.person.signInToHome('admin', '123qwe', NL.shell.welcomeAnyone);
  const second = await AppModel.open(env.watched, '/app/home');
  await second.waitForHeading(NL.shell.welcomeAnyone, { level: 1 });
  // Idle callbacks run on the page clock too: let them, so both watches start.
  await env.context.clock.runFor(3 * SECOND);
  await Promise.all([watching(first.page), watching(second.page)]);
  return [first, second];
}

describe('sign-out after inactivity, across tabs', () => {
  it('counts activity in one tab for all, warns in every tab, and "Ingelogd blijven" in one closes it in all', async () => {
    const [first, second] = await twoTabs();
    await env.context.clock.fastForward(60 * SECOND);
    await second.page.mouse.click(5, 300);
    await env.context.clock.fastForward(70 * SECOND);
    expect(await warning(first.page).isVisible(), 'the other tab kept this one signed in').toBe(false);

    await env.context.clock.fastForward(25 * SECOND);
    await warning(first.page).waitFor();
    await warning(second.page).waitFor();
    expect(await first.page.locator('.countdown').textContent()).toMatch(/^0:[0-3]\d$/);
    expect(await first.axeViolations()).toEqual([]);

    await second.page.getByRole('button', { name: NL.inactivity.stay }).click();
    await warning(first.page).waitFor({ state: 'hidden' });
    await warning(second.page).waitFor({ state: 'hidden' });
    expect(revocations).toEqual([]);
  });

  it('at zero signs out once (one revocation), and every tab lands on the login page with the reason', async () => {
    const [first, second] = await twoTabs();
    await env.context.clock.fastForward(95 * SECOND);
    await warning(first.page).waitFor();
    await env.context.clock.fastForward(30 * SECOND);
    for (const app of [first, second]) {
      await app.waitForAddress(/\/account\/login\?reason=idle/, SLOW_OUTCOME_MS);
      await app.see(NL.login.signedOutIdle);
    }
    expect(revocations).toHaveLength(1);
    expect(await first.cookie('Abp.AuthToken')).toBeUndefined();
    expect(await first.sessionStorageText()).not.toMatch(/refresh/i);
    // The provider's session ended too: the next person at this computer gets the provider's form, not the last person's account.
    for (const app of [first, second]) {
      await app.person.startSignIn();
      await app.person.waitForProviderForm();
    }
  });

  it('a tab that slept past the end signs out when it wakes up', async () => {
    const [first] = await twoTabs();
    // A laptop lid closed for ten minutes: no timer ran; the first look at the clock decides.
    await env.context.clock.setSystemTime(Date.now() + 10 * 60 * SECOND);
    await first.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await first.waitForAddress(/\/account\/login\?reason=idle/, SLOW_OUTCOME_MS);
    await first.see(NL.login.signedOutIdle);
    await first.person.startSignIn();
    await first.person.waitForProviderForm();
  });
});
