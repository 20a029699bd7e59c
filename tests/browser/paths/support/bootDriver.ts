import type { Route } from 'playwright-core';
import { expect } from 'vitest';
import type { LocaleMapping } from '../../../../devstack/appconfig.ts';
import { AppModel, type Endpoint, type Language } from '../../models/app.model.ts';
import type { Gate } from '../../models/gate.ts';
import { EN, NL, oneOf } from '../../models/texts.ts';
import type { BrowserEnv } from '../../support/env.ts';
import { BootRun, type BootBrowser } from './bootRun.ts';
import { sees, type BrowserDriver } from './browserPaths.ts';
import { heldRoute, type HeldCall } from './held.ts';

/**
 * The bootMachine in Chromium (bootRun.ts says what a run does): requests
 * are held by playwright in the page, a config with another locale mapping
 * is the held answer rewritten, a catalog that is not there every later
 * fetch of the chunk aborted, and the console is read for the start-up log.
 */
export const bootDriver: BrowserDriver = {
  feasible: () => true,
  run: async (path, env) => new BootRun(path, new ChromiumBoot(env), env.stack).run(),
};

class ChromiumBoot implements BootBrowser {
  private app!: AppModel;
  private readonly gates = new Map<Endpoint, Gate>();
  /** Every request handed to the run, so a rewritten answer can find its route. */
  private readonly routes = new Map<HeldCall, Route>();

  constructor(private readonly env: BrowserEnv) {}

  async plantCookie(name: string, value: string): Promise<void> {
    await this.env.context.addCookies([{ name, value, url: this.env.stack.urls.app }]);
  }

  async start(held: readonly Endpoint[]): Promise<void> {
    this.app = await AppModel.newPage(this.env.watched);
    for (const endpoint of held) this.gates.set(endpoint, await this.app.hold(endpoint));
    await this.app.goto('/', { waitUntil: 'commit' });
  }

  async next(endpoint: Endpoint): Promise<HeldCall> {
    const route = await this.gates.get(endpoint)!.next();
    const held = heldRoute(route);
    this.routes.set(held, route);
    return held;
  }

  async passConfigWith(held: HeldCall, mapping: LocaleMapping): Promise<void> {
    const route = this.routes.get(held)!;
    const response = await route.fetch();
    const config = (await response.json()) as { localeMappings: LocaleMapping[] };
    await route.fulfill({ response, json: { ...config, localeMappings: [mapping, ...config.localeMappings] } });
  }

  async catalogGone(held: HeldCall): Promise<void> {
    await this.gates.get('catalog chunk')!.failAll();
    await this.routes.get(held)!.abort('failed');
  }

  consoleErrors(): readonly string[] {
    return this.app.consoleErrors;
  }

  cookie(name: string): Promise<string | undefined> {
    return this.app.cookie(name);
  }

  async tenantCookies(): Promise<string[]> {
    const cookies = await this.env.watched.cookies();
    return cookies.filter((cookie) => /^Abp[.-]TenantId$/.test(cookie.name)).map((cookie) => `${cookie.name}=${cookie.value}`);
  }

  async address(): Promise<string> {
    return this.app.address();
  }

  lang(): Promise<string> {
    return this.app.lang();
  }

  async retry(): Promise<void> {
    await this.app.page.getByRole('button', { name: oneOf(NL.startup.retry, EN.startup.retry) }).click();
  }

  chooseLanguage(language: Language): Promise<void> {
    return this.app.chooseLanguage(language);
  }

  changeTenant(name: string): Promise<void> {
    return this.app.changeTenant(name);
  }

  async expectBusy(name: string): Promise<void> {
    await sees(this.app.busyIndicator, `${name}: the busy indicator "${NL.busy}"`);
  }

  async expectWaitingForServer(name: string): Promise<void> {
    try {
      await this.app.expectWaitingForServer(10_000);
    } catch (error) {
      throw new Error(`${name}: the waiting screen "${NL.startup.waiting}" with its hint and "${NL.startup.retry}": ${String(error)}`);
    }
  }

  async expectStartupError(name: string, message: string | RegExp): Promise<void> {
    const alert = this.app.page.getByRole('alert');
    await sees(alert.getByRole('heading', { level: 1, name: NL.startup.failed }), `${name}: the heading "${NL.startup.failed}"`);
    await sees(alert.getByText(message), `${name}: the message ${String(message)}`);
    await sees(alert.getByRole('button', { name: NL.startup.retry }), `${name}: the button "${NL.startup.retry}"`);
  }

  async expectLoginHeading(name: string, language: Language | undefined): Promise<void> {
    const heading = language === undefined ? oneOf(NL.login.heading, EN.login.heading) : language === 'en' ? EN.login.heading : NL.login.heading;
    await sees(this.app.headingNamed(heading), `${name}: the login page`);
  }

  async expectNotBusy(name: string): Promise<void> {
    expect(await this.app.busyIndicator.count(), `${name}: no busy indicator`).toBe(0);
  }

  async expectAlertAndText(name: string, alert: string, text: string): Promise<void> {
    await sees(this.app.page.getByRole('alert').filter({ hasText: alert }), `${name}: the message "${alert}"`);
    await sees(this.app.page.getByText(text), `${name}: "${text}" shown`);
  }
}
