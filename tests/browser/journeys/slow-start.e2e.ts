import { describe, expect, it } from 'vitest';
import { AppModel } from '../models/app.model.ts';
import { EN, NL } from '../models/texts.ts';
import { browserEnv } from '../support/env.ts';
import { newContext } from '../support/chromium.ts';
import { waitForPrecache } from '../support/serviceWorker.ts';
import { WatchedContext } from '../models/watch.ts';

/**
 * A start that has to wait speaks the person's language as soon as the
 * English catalog is in (from the service worker's cache when offline), not
 * only once start-up has settled the language.
 */
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
