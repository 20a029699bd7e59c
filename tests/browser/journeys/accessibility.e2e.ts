import { describe, expect, it } from 'vitest';
import type { Fault, FaultEndpoint } from '../../../devstack/faults/registry.ts';
import { AppModel } from '../models/app.model.ts';
import { NL } from '../models/texts.ts';
import { browserEnv } from '../support/env.ts';
import { seconds } from '../../support/limits.ts';

const env = browserEnv();

async function startupError(endpoint: FaultEndpoint, fault: Fault): Promise<AppModel> {
  env.stack.faults.set(endpoint, fault);
  const app = await AppModel.open(env.watched, '/');
  await app.waitForHeading(NL.startup.failed);
  return app;
}

describe('accessibility at WCAG 2.1 AA', () => {
  it('the login page', async () => {
    const app = await AppModel.open(env.watched, '/account/login');
    await app.person.waitForLoginPage();
    expect(await app.axeViolations()).toEqual([]);
  });

  it('the callback page while waiting and after 5 s', async () => {
    const app = await AppModel.newPage(env.watched);
    await app.page.clock.install();
    await app.goto('/account/login');
    const token = await app.hold('token');
    await app.person.signIn('admin');
    await token.next();
    await app.page.getByText(NL.callback.waiting).waitFor();
    expect(await app.axeViolations(), 'waiting').toEqual([]);
    await app.page.clock.fastForward(seconds(5));
    await app.waitForHeading(NL.callback.slow);
    expect(await app.axeViolations(), 'slow').toEqual([]);
  });

  it('home and a section', async () => {
    const app = await AppModel.open(env.watched, '/account/login');
    await app.person.signIn('admin');
    await app.waitForAddress('/app/home');
    await app.waitForHeading(NL.shell.welcome);
    expect(await app.axeViolations(), 'home').toEqual([]);
    await app.openSection(NL.section.verkoop);
    await app.waitForHeading(NL.section.verkoop);
    expect(await app.axeViolations(), 'verkoop').toEqual([]);
  });

  it('Beheer: its page, the people, a person, the roles and a role with its permissions', async () => {
    const app = await AppModel.open(env.watched, '/account/login');
    await app.person.signIn('admin');
    await app.waitForHeading(NL.shell.welcome);
    for (const [path, heading] of [
      ['/beheer', NL.section.beheer],
      ['/beheer/gebruikers', NL.beheer.users],
      ['/beheer/gebruikers/5', 'Piet Monteur'],
      ['/beheer/rollen', NL.beheer.roles],
      ['/beheer/rollen/5', 'Monteur'],
      ['/beheer/rollen/nieuw', NL.beheer.newRole],
    ] as const) {
      await app.goto(path);
      await app.waitForHeading(heading, { level: 1 });
      await app.page
        .getByRole('status')
        .or(app.page.getByRole('table'))
        .or(app.page.getByRole('group'))
        .or(app.page.getByRole('list'))
        .first()
        .waitFor();
      expect(await app.axeViolations(), path).toEqual([]);
    }
  });

  it.each([
    ['an invalid config file', 'appconfig', { body: 'malformed' }],
    ['an unreachable config file', 'appconfig', { status: 500 }],
    ['a failing session', 'Session', { status: 500 }],
  ] as const)('the start-up error screen for %s', async (_case, endpoint, fault) => {
    const app = await startupError(endpoint, fault);
    expect(await app.axeViolations()).toEqual([]);
  });

  it('a page whose code cannot be loaded while offline, with the connection banner', async () => {
    const app = await AppModel.open(env.watched, '/account/login');
    await app.person.signIn('admin');
    await app.waitForHeading(NL.shell.welcome);
    // The banner's code comes once the browser is idle after start-up.
    await app.waitForAfterStart();
    await env.context.setOffline(true);
    try {
      await app.openSection(NL.section.zakelijk);
      await app.waitForHeading(NL.errorPage.pageFailed);
      await app.see(NL.errorPage.needsConnection);
      await app.page.getByRole('region', { name: NL.connection.region }).getByText(NL.connection.offline).waitFor();
      expect(await app.axeViolations()).toEqual([]);
    } finally {
      await env.context.setOffline(false);
    }
  });

  it('the page that does not exist', async () => {
    const app = await AppModel.open(env.watched, '/bestaat-niet');
    await app.waitForHeading(NL.errorPage.notFound);
    expect(await app.axeViolations()).toEqual([]);
  });
});
