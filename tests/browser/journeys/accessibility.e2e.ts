import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Fault, FaultEndpoint } from '../../../devstack/faults.ts';
import { AppModel, TEXT } from '../models/app.model.ts';
import { Gate } from '../paths/support/gate.ts';
import { waitForAfterStart } from '../support/afterStart.ts';
import { journeyEnv } from './setup.ts';

const env = journeyEnv();

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string }[];
}

/**
 * axe-core at WCAG 2.1 AA. The app's CSP allows no inline script, so axe's
 * source is evaluated through the DevTools protocol, which the CSP does not
 * govern, rather than added as a script tag.
 */
async function violations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  const result = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }),
  );
  return (result.violations as Violation[]).flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${violation.help} at ${JSON.stringify(node.target)}: ${node.html}`),
  );
}

async function startupError(endpoint: FaultEndpoint, fault: Fault): Promise<AppModel> {
  env.stack.faults.set(endpoint, fault);
  const app = await AppModel.open(env.context, env.stack, '/');
  await app.page.getByRole('heading', { name: 'De applicatie kon niet starten' }).waitFor();
  return app;
}

describe('accessibility at WCAG 2.1 AA', () => {
  it('the login page', async () => {
    const app = await AppModel.open(env.context, env.stack, '/account/login');
    await app.page.getByRole('button', { name: 'Inloggen' }).waitFor();
    expect(await violations(app.page)).toEqual([]);
  });

  it('the callback page while waiting and after 5 s', async () => {
    const page = await env.context.newPage();
    await page.clock.install();
    const app = new AppModel(page, env.stack);
    await app.goto('/account/login');
    const issuer = new URL(env.stack.urls.issuer).origin;
    const token = await Gate.install(page, 'token', (url) => url.origin === issuer && url.pathname === '/token');
    await app.signIn('admin');
    await token.next();
    await page.getByText(TEXT.waiting).waitFor();
    expect(await violations(page), 'waiting').toEqual([]);
    await page.clock.fastForward(5000);
    await page.getByRole('heading', { name: TEXT.retry }).waitFor();
    expect(await violations(page), 'slow').toEqual([]);
  });

  it('home and a section', async () => {
    const app = await AppModel.open(env.context, env.stack, '/account/login');
    await app.signIn('admin');
    await app.page.waitForURL(app.url('/app/home'));
    await app.page.getByRole('heading', { name: 'Welkom, Beheerder' }).waitFor();
    expect(await violations(app.page), 'home').toEqual([]);
    await app.page.getByRole('navigation', { name: 'Onderdelen' }).getByRole('link', { name: 'Verkoop' }).click();
    await app.page.getByRole('heading', { name: 'Verkoop' }).waitFor();
    expect(await violations(app.page), 'verkoop').toEqual([]);
  });

  it.each([
    ['an invalid config file', 'appconfig', { body: 'malformed' }],
    ['an unreachable config file', 'appconfig', { status: 500 }],
    ['a failing session', 'Session', { status: 500 }],
  ] as const)('the start-up error screen for %s', async (_case, endpoint, fault) => {
    const app = await startupError(endpoint, fault);
    expect(await violations(app.page)).toEqual([]);
  });

  it('a page whose code cannot be loaded while offline, with the connection banner', async () => {
    const app = await AppModel.open(env.context, env.stack, '/account/login');
    await app.signIn('admin');
    await app.page.getByRole('heading', { name: 'Welkom, Beheerder' }).waitFor();
    // The banner's code comes once the browser is idle after start-up.
    await waitForAfterStart(app.page);
    await env.context.setOffline(true);
    try {
      await app.page.getByRole('navigation', { name: 'Onderdelen' }).getByRole('link', { name: 'Zakelijk' }).click();
      await app.page.getByRole('heading', { name: 'Deze pagina kon niet worden geladen' }).waitFor();
      await app.page.getByRole('region', { name: 'Verbinding' }).getByText('Je bent offline.').waitFor();
      expect(await violations(app.page)).toEqual([]);
    } finally {
      await env.context.setOffline(false);
    }
  });

  it('the page that does not exist', async () => {
    const app = await AppModel.open(env.context, env.stack, '/bestaat-niet');
    await app.page.getByRole('heading', { name: 'Pagina niet gevonden' }).waitFor();
    expect(await violations(app.page)).toEqual([]);
  });
});
