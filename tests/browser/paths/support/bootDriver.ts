import { expect } from 'vitest';
import type { LocaleMapping } from '../../../../devstack/appconfig.ts';
import type { HoldEndpoint, ServerGate } from '../../../../devstack/faults/holds.ts';
import type { Stack } from '../../../../devstack/stack.ts';
import type { ModelPath } from '../../../../scripts/paths/model.ts';
import type { Language } from '../../models/app.model.ts';
import { EN, NL } from '../../models/texts.ts';
import { eventually, OUTCOME_MS } from '../../models/watch.ts';
import { chromiumTab, type Role, type Tab, type Target } from '../../support/driver.ts';
import { BootRun, bootFeasible, type BootBrowser } from './bootRun.ts';
import type { BrowserDriver, EngineDriver } from './browserPaths.ts';
import { heldAtServer, type HeldCall } from './held.ts';
import { runPageClock } from '../../support/pageClock.ts';
import { PRESENT_MS } from '../../../support/limits.ts';

/**
 * The bootMachine in every engine (bootRun.ts says what a run does), on a
 * tab of tests/browser/support/driver.ts: Chromium's is a page of the
 * file's watched context (`chromiumTab`), Firefox's and WebKit's one of the
 * engine's browser. Requests are held in the stack (`stack.holds`) and
 * their headers read there; a config with another locale mapping is the
 * stack's config switched (`stack.appConfigSwitch`); a catalog that is not
 * there is every fetch of the chunk dropped. Cookies are written by the
 * page, as the app writes them, on the app's site (the app's icon before the
 * first visit). The start-up log is read where the engine shows the
 * console: Chromium and Firefox do, WebKit's classic WebDriver does not.
 * The 5 s wait before another attempt passes in real time; a request's
 * time-out on the page clock the stack gives every page (`BOOT_STACK`).
 */
export const bootDriver: BrowserDriver = {
  feasible: bootFeasible,
  run: async (path, env) => runBoot(path, chromiumTab(await env.watched.context.newPage()), env.stack),
};

export const bootEngineDriver: EngineDriver = {
  feasible: bootFeasible,
  run: async (path, env) => runBoot(path, await env.browser.newTab(), env.stack),
};

async function runBoot(path: ModelPath, tab: Tab, stack: Stack): Promise<void> {
  const boot = new TabBoot(tab, stack);
  try {
    await new BootRun(path, boot, stack).run();
  } finally {
    await boot.end();
  }
}

/** A page of the app's site that runs none of its code: where a cookie is written before the first visit. */
const QUIET_PAGE = '/favicon.svg';
/** The busy indicator's words in either language (texts.ts `busyAny` is the whole of it). */
const BUSY_WORDS = ['Bezig met laden', 'Loading'];

class TabBoot implements BootBrowser {
  private readonly gates = new Map<HoldEndpoint, ServerGate>();
  /** Set when the run is over: the catalog's requests are no longer dropped. */
  private ended = false;

  constructor(
    private readonly tab: Tab,
    private readonly stack: Stack,
  ) {}

  private get app(): string {
    return new URL(this.stack.urls.app).origin;
  }

  async end(): Promise<void> {
    this.ended = true;
    this.stack.appConfigSwitch.reset();
    await this.tab.close();
  }

  async plantCookie(name: string, value: string): Promise<void> {
    if (!this.tab.url().startsWith(`${this.app}/`)) await this.tab.goto(`${this.app}${QUIET_PAGE}`);
    await this.tab.evaluate(
      ([cookieName, cookieValue]) => {
        document.cookie = `${encodeURIComponent(cookieName)}=${encodeURIComponent(cookieValue)}; path=/; SameSite=Lax`;
      },
      [name, value] as const,
    );
  }

  async start(held: readonly HoldEndpoint[]): Promise<void> {
    for (const endpoint of held) this.gates.set(endpoint, this.stack.holds.hold(endpoint));
    await this.tab.goto(`${this.app}/`);
  }

  async next(endpoint: HoldEndpoint): Promise<HeldCall> {
    return heldAtServer(await this.gates.get(endpoint)!.next());
  }

  async passConfigWith(held: HeldCall, mapping: LocaleMapping): Promise<void> {
    this.stack.appConfigSwitch.set({ localeMappings: [mapping, ...this.stack.appConfig.localeMappings] });
    await held.pass();
  }

  async catalogGone(held: HeldCall): Promise<void> {
    const gate = this.gates.get('catalog chunk')!;
    void (async () => {
      while (!this.ended) {
        const later = await gate.next(PRESENT_MS).catch(() => undefined);
        later?.drop();
      }
    })();
    await held.drop();
  }

  passTime(ms: number): Promise<void> {
    return runPageClock(this.tab, ms);
  }

  consoleErrors(): readonly string[] | undefined {
    return this.tab.console?.filter((message) => message.type === 'error').map((message) => message.text);
  }

  async cookie(name: string): Promise<string | undefined> {
    return (await this.tab.cookies(this.app)).find((cookie) => cookie.name === name)?.value;
  }

  async tenantCookies(): Promise<string[]> {
    const cookies = await this.tab.cookies(this.app);
    return cookies.filter((cookie) => /^Abp[.-]TenantId$/.test(cookie.name)).map((cookie) => `${cookie.name}=${cookie.value}`);
  }

  address(): Promise<string> {
    // Asked of the page: WebKit's tab learns its address only now and then.
    return this.tab.evaluate(() => location.pathname + location.search);
  }

  lang(): Promise<string> {
    return this.tab.evaluate(() => document.documentElement.lang);
  }

  /** The first of these to show, in whichever language the page speaks. */
  private async either(targets: Target[], what: string, timeout = OUTCOME_MS): Promise<Target> {
    const shown = async (): Promise<Target | undefined> => {
      for (const target of targets) if (await target.visible()) return target;
      return undefined;
    };
    return (await eventually(shown, what, timeout))!;
  }

  private inEither(role: Role, texts: { nl: string; en: string }): Promise<Target> {
    return this.either([this.tab.role(role, texts.nl), this.tab.role(role, texts.en)], `${role} "${texts.nl}" or "${texts.en}"`);
  }

  async retry(): Promise<void> {
    await (await this.inEither('button', { nl: NL.startup.retry, en: EN.startup.retry })).click();
  }

  async chooseLanguage(language: Language): Promise<void> {
    const field = await this.either(
      [this.tab.label(NL.shell.language), this.tab.label(EN.shell.language)],
      `the field "${NL.shell.language}"`,
    );
    await field.choose(language === 'en' ? 'English' : 'Nederlands');
  }

  async changeTenant(name: string): Promise<void> {
    await (await this.inEither('button', { nl: NL.tenant.change, en: EN.tenant.change })).click();
    const field = await this.either([this.tab.label(NL.tenant.field), this.tab.label(EN.tenant.field)], `the field "${NL.tenant.field}"`);
    await field.fill(name);
    await (await this.inEither('button', { nl: NL.tenant.save, en: EN.tenant.save })).click();
  }

  /** Fails with `what` unless it shows in time. */
  private async sees(target: Target, what: string): Promise<void> {
    try {
      await target.waitFor();
    } catch {
      throw new Error(`the page does not show ${what}`);
    }
  }

  async expectBusy(name: string): Promise<void> {
    // Read at once: the words change when the culture's catalog comes in.
    const shown = async (): Promise<string | undefined> => {
      for (const words of BUSY_WORDS) {
        const busy = this.tab.text(words);
        if (await busy.visible()) return busy.text(500).catch(() => undefined);
      }
      return undefined;
    };
    expect(await eventually(shown, `${name}: the busy indicator "${NL.busy}"`), `${name}: the busy indicator`).toMatch(NL.busyAny);
  }

  async expectWaitingForServer(name: string): Promise<void> {
    const what = `${name}: the waiting screen "${NL.startup.waiting}" with its hint and "${NL.startup.retry}"`;
    await this.either([this.tab.text(NL.startup.waiting), this.tab.text(EN.startup.waiting)], what);
    await this.inEither('button', { nl: NL.startup.retry, en: EN.startup.retry });
    expect(await this.alerts(), `${what}: no error screen while waiting`).toEqual([]);
  }

  /** The text of every alert on the page. */
  private alerts(): Promise<string[]> {
    return this.tab.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[role=alert]')].map((alert) => alert.innerText.trim()).filter((text) => text !== ''),
    );
  }

  /** An alert shows a line that is this text, or matches the pattern. */
  private async seesAlert(text: string | RegExp, what: string): Promise<void> {
    const matches = (line: string) => (typeof text === 'string' ? line.includes(text) : text.test(line));
    await eventually(async () => (await this.alerts()).some((alert) => alert.split('\n').some((line) => matches(line.trim()))), what);
  }

  async expectStartupError(name: string, message: string | RegExp): Promise<void> {
    await this.sees(this.tab.role('heading', NL.startup.failed), `${name}: the heading "${NL.startup.failed}"`);
    await this.seesAlert(NL.startup.failed, `${name}: the heading "${NL.startup.failed}" in the alert`);
    await this.seesAlert(message, `${name}: the message ${String(message)}`);
    await this.sees(this.tab.role('button', NL.startup.retry), `${name}: the button "${NL.startup.retry}"`);
  }

  async expectLoginHeading(name: string, language: Language | undefined): Promise<void> {
    const nl = this.tab.role('heading', NL.login.heading);
    const en = this.tab.role('heading', EN.login.heading);
    if (language === undefined) await this.either([nl, en], `${name}: the login page`);
    else await this.sees(language === 'en' ? en : nl, `${name}: the login page`);
  }

  async expectHome(name: string, language: Language): Promise<void> {
    const welcome = language === 'en' ? EN.shell.welcome : NL.shell.welcome;
    await this.sees(this.tab.role('heading', welcome), `${name}: home's "${welcome}"`);
  }

  async expectNotBusy(name: string): Promise<void> {
    for (const words of BUSY_WORDS) expect(await this.tab.text(words).visible(), `${name}: no busy indicator`).toBe(false);
  }

  async expectAlertAndText(name: string, alert: string, text: string): Promise<void> {
    await this.seesAlert(alert, `${name}: the message "${alert}"`);
    await this.sees(this.tab.text(text), `${name}: "${text}" shown`);
  }
}
