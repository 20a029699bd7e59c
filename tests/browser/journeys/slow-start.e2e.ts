import { describe, expect, it } from 'vitest';
import { AppModel } from '../models/app.model.ts';
import { EN, NL } from '../models/texts.ts';
import { browserEnv } from '../support/env.ts';
import { newContext } from '../support/chromium.ts';
import { waitForPrecache } from '../support/serviceWorker.ts';
import { WatchedContext } from '../models/watch.ts';

/**
 * A start on a slow connection (every API answer 2 s late, as API_LATENCY_MS=2000)
 * says what it waits for once it takes longer than a few seconds, in the
 * person's language; before that the plain busy text, as index.html paints it.
 */
describe('a slow start says what it waits for', () => {
  // The same-origin layout (docs/testing.md): a phone's deployment, no preflight to wait for besides.
  const env = browserEnv({ latencyMs: 2000, apiLayout: 'same-origin' });

  it('names the person\'s details while GetAll and the session are on their way, then reaches the login page', async () => {
    const app = await AppModel.newPage(env.watched);
    await app.goto('/account/login');
    await app.page.getByText(NL.busy, { exact: true }).waitFor();
    await app.page.getByText(NL.slowStart.user, { exact: true }).waitFor({ timeout: 6000 });
    await app.waitForLoginPage(15_000);
    expect(app.errors).toEqual([]);
  });

  it('names the config while it is late, in English for a person whose language is English', async () => {
    await env.context.addCookies([{ name: 'Abp.Localization.CultureName', value: 'en', url: env.stack.urls.app, sameSite: 'Lax' }]);
    const app = await AppModel.newPage(env.watched);
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    await app.page.route('**/assets/appconfig.production.json', async (route) => {
      await held;
      await route.continue();
    });
    await app.goto('/account/login');
    await app.page.getByText(EN.slowStart.config, { exact: true }).waitFor({ timeout: 6000 });
    release();
    await app.page.getByText(EN.slowStart.user, { exact: true }).waitFor({ timeout: 6000 });
    await app.page.getByRole('button', { name: EN.login.heading, exact: true }).waitFor({ timeout: 15_000 });
  });
});

describe('offline, a reload in English waits in English', () => {
  const env = browserEnv();

  it('shows the waiting text from the English catalog in the service worker\'s cache', async () => {
    const context = await newContext(env.browser, { serviceWorkers: 'allow' });
    const watched = await WatchedContext.of(context, env.stack);
    try {
      await context.addCookies([{ name: 'Abp.Localization.CultureName', value: 'en', url: env.stack.urls.app, sameSite: 'Lax' }]);
      const app = await AppModel.newPage(watched);
      await app.goto('/account/login');
      await app.page.getByRole('button', { name: EN.login.heading, exact: true }).waitFor();
      await waitForPrecache(app.page);
      await context.setOffline(true);
      await app.page.reload();
      await app.page.getByText(EN.startup.waiting, { exact: true }).waitFor();
      expect(await app.page.getByText(NL.startup.waiting, { exact: true }).count()).toBe(0);
    } finally {
      await watched.close();
    }
  });
});
