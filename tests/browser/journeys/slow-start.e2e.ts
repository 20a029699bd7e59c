import { describe, expect, it } from 'vitest';
import { AppModel } from '../models/app.model.ts';
import { EN, NL } from '../models/texts.ts';
import { browserEnv } from '../support/env.ts';
import { newContext } from '../support/chromium.ts';
import { waitForPrecache } from '../support/serviceWorker.ts';
import { WatchedContext } from '../models/watch.ts';
import { seconds } from '../../support/limits.ts';

/**
 * A start that has to wait speaks the person's language as soon as the
 * English catalog is in (from the service worker's cache when offline), not
 * only once start-up has settled the language.
 */
describe('offline, a reload in English waits in English', () => {
  const env = browserEnv();

  it("shows the waiting text from the English catalog in the service worker's cache", async () => {
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

/**
 * Every API answer 2 s late (`latencyMs`): after a few seconds the
 * busy screen says that the start takes long and which step it waits for, in
 * the person's language. A held request keeps start-up in one step, so the
 * test knows which step to read, whatever the machine's speed.
 */
describe('a slow server: the busy screen says what start-up waits for', () => {
  const env = browserEnv({ latencyMs: seconds(2) });

  it('in Dutch: the session, while its answer is on its way; gone once the login page is there', async () => {
    const app = await AppModel.newPage(env.watched);
    const session = await app.hold('Session');
    await app.goto('/account/login');
    await session.next();
    const hint = app.page.getByText(`${NL.startup.slow} ${NL.startup.slowSteps.session}`, { exact: true });
    await hint.waitFor();
    expect(await app.page.getByRole('status').filter({ has: hint }).count(), "said in the busy screen's status").toBe(1);
    await session.open();
    await app.person.waitForLoginPage();
    expect(await app.page.getByText(NL.startup.slow).count()).toBe(0);
  });

  it('in English for a person whose language is English: the permissions and settings (GetAll)', async () => {
    await env.context.addCookies([{ name: 'Abp.Localization.CultureName', value: 'en', url: env.stack.urls.app, sameSite: 'Lax' }]);
    const app = await AppModel.newPage(env.watched);
    const getAll = await app.hold('GetAll');
    await app.goto('/account/login');
    await getAll.next();
    await app.page.getByText(`${EN.startup.slow} ${EN.startup.slowSteps.userConfiguration}`, { exact: true }).waitFor();
    expect(await app.page.getByText(NL.startup.slow).count()).toBe(0);
    await getAll.open();
    await app.page.getByRole('button', { name: EN.login.heading, exact: true }).waitFor();
    expect(await app.page.getByText(EN.startup.slow).count()).toBe(0);
  });
});
