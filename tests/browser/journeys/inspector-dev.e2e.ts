import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStack } from '../../../devstack/test-stack.ts';
import { appConfigPlugin } from '../../../devstack/app-server/vite-appconfig.ts';
import { AppModel } from '../models/app.model.ts';
import { WatchedContext } from '../models/watch.ts';
import { launchChromium, newContext } from '../support/chromium.ts';
import { startTestStack } from '../support/stack.ts';
import { DEV_SERVER_MS, LONG_OUTCOME_MS, LONG_TEST_MS, LONGEST_OUTCOME_MS, LONGEST_TEST_MS } from '../../support/limits.ts';

/**
 * Stands in for the inspector window at stately.ai: it says it is connected,
 * as the real one does, and keeps the name of every actor it is shown.
 */
const INSPECTOR_WINDOW = `<!doctype html><title>inspector</title><script>
  window.actors = [];
  addEventListener('message', (event) => {
    if (event.data && event.data.type === '@xstate.actor') window.actors.push(event.data.name);
  });
  window.opener.postMessage({ type: '@statelyai.connected' }, '*');
</script>`;

const ACTORS = ['boot', 'callback', 'connectivity', 'inactivity', 'token'];

describe('the Stately inspector under the dev server', () => {
  let stack: TestStack;
  let vite: ViteDevServer;
  let browser: Browser;

  beforeAll(async () => {
    // As `npm run dev`: Vite serves the sources, the API turns the session time-out on (so the inactivity watch runs).
    stack = await startTestStack({
      serveApp: false,
      settings: { 'App.UserManagement.SessionTimeOut.IsEnabled': 'true', 'App.UserManagement.SessionTimeOut.TimeOutSecond': '1800' },
    });
    vite = await createServer({
      configFile: resolve(import.meta.dirname, '../../../vite.config.ts'),
      server: { port: stack.ports.app, host: 'localhost', strictPort: true },
      plugins: [appConfigPlugin(stack.appConfig, stack.faults)],
      logLevel: 'error',
    });
    await vite.listen();
    browser = await launchChromium();
  }, LONG_TEST_MS);

  afterAll(async () => {
    await Promise.all([browser?.close(), vite?.close(), stack?.stop()]);
  });

  it(
    'shows every actor of the sign-in when ?inspect was in the first address, after the round trip through the provider',
    async () => {
      const context = await newContext(browser);
      await context.route(/^https:\/\/stately\.ai\/inspect/, (route) =>
        route.fulfill({ contentType: 'text/html', body: INSPECTOR_WINDOW }),
      );
      const watched = await WatchedContext.of(context, stack);
      const app = await AppModel.newPage(watched);
      // The newest inspector window: coming back from a provider on another site, the page is in a new browsing
      // context group and cannot reach the window it opened before by its name, so it opens another.
      const inspector = () =>
        context
          .pages()
          .filter((page) => page.url().startsWith('https://stately.ai/inspect'))
          .at(-1);
      const shown = async (popup: Page | undefined): Promise<string[]> =>
        popup ? await popup.evaluate(() => (window as unknown as { actors?: string[] }).actors ?? []) : [];

      // The first compile of the sources by the dev server takes a while.
      await app.goto('/?inspect');
      await app.person.waitForLoginPage(DEV_SERVER_MS);
      await expect.poll(() => shown(inspector()), { timeout: LONG_OUTCOME_MS }).toContain('boot');

      await app.person.signIn();
      await app.waitForPath('/app/home');
      expect(app.address(), 'the address after sign-in').not.toContain('inspect');
      await expect
        .poll(
          async () => {
            const names = await shown(inspector());
            return ACTORS.filter((name) => names.includes(name));
          },
          { timeout: LONGEST_OUTCOME_MS },
        )
        .toEqual(ACTORS);
      await context.close();
    },
    LONGEST_TEST_MS,
  );
});
