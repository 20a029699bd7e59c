import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Capabilities, Key, WebDriver, WebElement, error as webdriverError } from 'selenium-webdriver';
import { Executor } from 'selenium-webdriver/http';
import { freePorts } from '../../../../devstack/ports.ts';
import { OUTCOME_MS } from '../../models/watch.ts';
import type { BrowserPrefs, EngineLaunch, Role, SeenCookie, SeenMessage, SeenRequest, Tab, Target, Viewport } from './tab.ts';
import { FIND_IN_PAGE, type Wanted } from './findInPage.ts';
import { PageLog, WATCH_IN_PAGE, type PageLook } from './webkitPageLook.ts';
import { DriverLost, TellingClient, Turns } from './turns.ts';
import { LONG_OUTCOME_MS, LONGEST_OUTCOME_MS, LOOK_EVERY_MS, pause } from '../../../support/limits.ts';

// Debian's WebKitGTK (Safari's engine, and so every browser on an iPhone),
// driven through WebKitWebDriver over classic WebDriver by selenium-webdriver
// (its Selenium Manager never asked: the session is made on a driver started
// here, under xvfb-run, as it needs a display). WebKitWebDriver starts its
// MiniBrowser in automation mode, which keeps no data between sessions. One
// driver serves one session, so each tab is a driver and a session of its
// own: a fresh browser with no cookies or storage, as a tab in a fresh
// context is in the other engines. A second tab of the same browser (shared
// cookies, storage, channels and locks) is a second window of the session.
// Classic WebDriver has no accessibility queries and no view of the network:
// controls are found by a script in the page (findInPage.ts, shared with
// Firefox's driver), and the tab's
// requests are what the page's Resource Timing lists (addresses only).

const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
const MINIBROWSER_PATH = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/**
 * MiniBrowser's own toolbar (its buttons and address field) keeps its window
 * at least 447 px wide, wider than a phone. GTK reads a user's stylesheet
 * for its widgets from $XDG_CONFIG_HOME/gtk-3.0/gtk.css: without the
 * buttons' and the field's minimum widths and side padding the window goes
 * down to about 305 px. It styles the browser's toolbar only; the page is
 * drawn by WebKit, pixel for pixel as without it.
 */
const NARROW_TOOLBAR = 'entry, button { min-width: 0; padding-left: 0; padding-right: 0; }\n';

/**
 * How WebKit paints here, unless a tab's screenshots are taken. The display
 * is Xvfb's, with no GPU: WebKitGTK's accelerated compositing and its Skia
 * painting then run on OpenGL that Mesa emulates on the CPU (llvmpipe), work
 * a phone's GPU does. Without them WebKit paints and composites on the CPU
 * directly. WebKit's CPU for `paths/callback.engines.e2e.ts -t webkit`,
 * alone, twice each: 50.6 and 49.6 s with the GL path, 31.4 with neither
 * (32.9 and 34.9 with compositing off alone, 42.7 with Skia on the CPU
 * alone). WebKitWebDriver's screenshot waits on the compositor, though: with
 * compositing off it never answers, so a browser whose tabs are
 * screenshotted (`engines/screens.e2e.ts`) keeps WebKit's own way, and
 * another's `screenshot` says so at once.
 */
const PAINT_ON_THE_CPU = { WEBKIT_DISABLE_COMPOSITING_MODE: '1', WEBKIT_SKIA_ENABLE_CPU_RENDERING: '1' };

/**
 * Where the driver's and its browser's own output goes: nowhere, unless
 * `WEBKIT_OUTPUT` names a file, to which every WebKit of the run appends it
 * (GLib's warnings, a crash of one of its processes). Debian's build writes
 * nothing more for `WEBKIT_DEBUG`.
 */
function driverOutput(): 'ignore' | number {
  const file = process.env.WEBKIT_OUTPUT;
  return file ? openSync(file, 'a') : 'ignore';
}

/**
 * One WebKitWebDriver under its own virtual display, with one session.
 *
 * Classic WebDriver sends a command to the session's current window, and
 * WebKitWebDriver hangs on a command sent while another one (a navigation) is
 * still running. selenium-webdriver sends each command as it is asked, so the
 * one part kept here is a queue: `inWindow` switches to a tab's window and
 * runs its commands in the same turn, so two windows' commands interleave
 * without one landing in the other's window. A turn its driver does not
 * answer within `LONGEST_OUTCOME_MS` fails naming the command (turns.ts),
 * and so does every turn after it.
 */
class WebKitSession {
  private constructor(
    private readonly process: ChildProcess,
    private readonly turns: Turns<WebDriver>,
    private readonly config: string,
    /** Whether its browser paints as WebKit does by default, so that its windows can be screenshotted (PAINT_ON_THE_CPU). */
    readonly screenshots: boolean,
  ) {}

  /** Starts the driver and a session whose browser takes these languages (Accept-Language), painting on the CPU unless screenshots are taken. */
  static async start({ languages, screenshots }: { languages: string; screenshots: boolean }): Promise<WebKitSession> {
    const [port] = (await freePorts(1, '127.0.0.1')) as [number];
    const config = await mkdtemp(join(tmpdir(), 'webkit-gtk-'));
    await mkdir(join(config, 'gtk-3.0'));
    await writeFile(join(config, 'gtk-3.0', 'gtk.css'), NARROW_TOOLBAR);
    // xvfb-run -a takes a free display; detached, so closing ends the display, the driver and its browser together.
    const output = driverOutput();
    const child = spawn('xvfb-run', ['-a', '-s', '-screen 0 1920x1080x24', WEBKIT_DRIVER_PATH, `--port=${port}`, '--host=127.0.0.1'], {
      detached: true,
      stdio: ['ignore', output, output],
      env: {
        ...process.env,
        ...(screenshots ? {} : PAINT_ON_THE_CPU),
        LANGUAGE: languages.split(',')[0]!.replace('-', '_'),
        XDG_CONFIG_HOME: config,
      },
    });
    // The driver has its own copy of the file's descriptor.
    if (typeof output === 'number') closeSync(output);
    const base = `http://127.0.0.1:${port}`;
    const stop = () => WebKitSession.stop(child, config);
    try {
      await WebKitSession.waitUntilReady(child, base);
      const capabilities = new Capabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] },
      });
      const client = new TellingClient(base);
      const driver = WebDriver.createSession(new Executor(client), capabilities);
      await driver.getSession();
      return new WebKitSession(child, new Turns(driver, () => client.sent, LONGEST_OUTCOME_MS), config, screenshots);
    } catch (error) {
      await stop();
      throw error;
    }
  }

  private static async waitUntilReady(child: ChildProcess, base: string): Promise<void> {
    const ready = async () => {
      if (child.exitCode !== null) throw new Error(`WebKitWebDriver ended (${WEBKIT_DRIVER_PATH} under xvfb-run)`);
      const answer = await fetch(`${base}/status`).then(
        (response) => response.json() as Promise<{ value: { ready?: boolean } }>,
        () => undefined,
      ); // Not listening yet.
      return answer?.value.ready === true;
    };
    await until(ready, Date.now() + LONG_OUTCOME_MS, () => `WebKitWebDriver did not start (${WEBKIT_DRIVER_PATH} under xvfb-run)`);
  }

  /** The window the session's commands go to now (WebDriver's current top-level browsing context). */
  private current = '';

  /** Runs `work` (commands of this session) once the turn before it is done, with no window switched to. */
  run<T>(work: (driver: WebDriver) => Promise<T>): Promise<T> {
    return this.turns.run(work);
  }

  /** Runs `work` in one window of the session (a tab, a popup), switched to first in the same turn. */
  inWindow<T>(window: string, work: (driver: WebDriver) => Promise<T>): Promise<T> {
    return this.run(async (driver) => {
      if (this.current !== window) {
        await driver.switchTo().window(window);
        this.current = window;
      }
      return work(driver);
    });
  }

  /** The window the session was started with. */
  async firstWindow(): Promise<string> {
    this.current = await this.run((driver) => driver.getWindowHandle());
    return this.current;
  }

  /** A new window of the same browser (its cookies, storage, channels and locks), blank (W3C WebDriver §11.5, New Window). */
  async newWindow(from: string): Promise<string> {
    // A window, not a tab: a tab behind another is hidden, and its page's timers would be throttled.
    return this.inWindow(from, async (driver) => {
      const before = new Set(await driver.getAllWindowHandles());
      await driver.switchTo().newWindow('window');
      this.current = await driver.getWindowHandle();
      if (before.has(this.current)) throw new Error('no new window opened');
      return this.current;
    });
  }

  /** The handles of the session's open windows. */
  windows(): Promise<string[]> {
    return this.run((driver) => driver.getAllWindowHandles());
  }

  /** Ends the session: its driver asked to quit, unless it is lost or does not answer soon; then the driver, its browser and its display are stopped. */
  async close(): Promise<void> {
    if (!this.turns.lost) {
      const quit = this.run((driver) => driver.quit()).catch(() => undefined);
      // Behind a turn its driver never answers, the quit would wait that turn's whole limit: a test's cleanup ends it sooner.
      await Promise.race([quit, pause(OUTCOME_MS)]);
    }
    await WebKitSession.stop(this.process, this.config);
  }

  private static async stop(child: ChildProcess, config: string): Promise<void> {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
    await rm(config, { recursive: true, force: true });
  }
}

export function launchWebKitEngine({
  languages,
  thirdPartyCookies,
  screenshots,
}: BrowserPrefs & { screenshots: boolean }): Promise<EngineLaunch> {
  // WebKit blocks third-party cookies itself (ITP), as Safari does; it has no setting to allow them.
  if (thirdPartyCookies === 'allowed') return Promise.reject(new Error('WebKit has no setting that allows third-party cookies'));
  return Promise.resolve(new WebKitBrowser(languages, screenshots));
}

class WebKitBrowser implements EngineLaunch {
  readonly engine = 'webkit';
  private readonly tabs = new Set<WebKitTab>();
  /** Tabs still starting: a hook that timed out leaves one behind, and its driver and display must not outlive the browser. */
  private readonly opening = new Set<Promise<unknown>>();
  /**
   * The next tab's session, started as soon as a tab is taken once this
   * browser has opened one before (a file that opens tab after tab): a
   * session takes a second or more to start (a display, the driver, the
   * browser), which then passes while the tab before it is used.
   */
  private spare: Promise<WebKitSession> | undefined;
  private opened = 0;
  private closed = false;
  constructor(
    private readonly languages: string,
    private readonly screenshots: boolean,
  ) {}

  /** A started session: the spare if there is one (a new one if it failed to start), the next spare started meanwhile. */
  private async session(): Promise<WebKitSession> {
    const start = () => WebKitSession.start({ languages: this.languages, screenshots: this.screenshots });
    const taken = this.spare;
    this.spare = undefined;
    if (++this.opened > 1 && !this.closed) {
      this.spare = start();
      // Its failure is the next tab's to meet, which then starts one of its own.
      this.spare.catch(() => undefined);
    }
    return taken ? taken.catch(start) : start();
  }

  newTab({ viewport }: { viewport: Viewport }): Promise<Tab> {
    const opening = this.open(viewport);
    this.opening.add(opening);
    const done = () => this.opening.delete(opening);
    void opening.then(done, done);
    return opening;
  }

  private async open(viewport: Viewport): Promise<Tab> {
    if (this.closed) throw new Error('the WebKit browser is closed');
    const session = await this.session();
    let tab: WebKitTab | undefined;
    try {
      if (this.closed) throw new Error('the WebKit browser closed while a tab was opening');
      tab = new WebKitTab(session, await session.firstWindow(), { owner: () => this.tabs.delete(tab!) });
      this.tabs.add(tab);
      await tab.setViewport(viewport);
      return tab;
    } catch (error) {
      await (tab ? tab.close() : session.close());
      throw error;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const spare = this.spare;
    this.spare = undefined;
    await Promise.allSettled([...this.opening]);
    await Promise.all([...this.tabs].map((tab) => tab.close()));
    await spare?.then((session) => session.close()).catch(() => undefined);
  }
}

/** Asks `done` every 100 ms until it answers true; fails with `failure` once `end` (a time) has passed. */
async function until(done: () => Promise<boolean>, end: number, failure: () => string): Promise<void> {
  while (!(await done())) {
    if (Date.now() > end) throw new Error(failure());
    await pause(LOOK_EVERY_MS);
  }
}

/**
 * A window of a WebKit session: the session's first (which owns it: closing
 * it ends the browser), a second tab of the same browser, or a popup. Each
 * command goes to the tab's own window (`inWindow`).
 */
class WebKitTab implements Tab {
  readonly engine = 'webkit';
  readonly requests: SeenRequest[] = [];
  /** What the page logged itself (its driver shows no console): the test stack's page-log.ts keeps it in the page's sessionStorage. */
  readonly console: SeenMessage[] = [];
  private readonly pageLog = new PageLog(this.console);
  private address = 'about:blank';
  private documentOrigin = 0;
  private seenResources = 0;
  /** The looks at the page, one after the other: two started from the same count would list the same requests twice. */
  private looks: Promise<void> = Promise.resolve();
  private looking = 0;
  private readonly watch: ReturnType<typeof setInterval>;
  /** The other tabs of the browser, closed with it. */
  private readonly others = new Set<WebKitTab>();

  constructor(
    private readonly session: WebKitSession,
    private readonly window: string,
    /** `owner`: called when the first tab closes the session; `opener`: the tab that opened this one. */
    private readonly relation: { owner: () => void } | { opener: WebKitTab },
  ) {
    // The address and the requests are read from the page while it lives; a navigation in progress answers nothing for a moment.
    this.watch = setInterval(() => {
      // Under load a look can take longer than the interval: the next waits rather than piling up.
      if (this.looking === 0) void this.look().catch(() => undefined);
    }, 250);
  }

  /** Commands in this tab's own window; a lost driver's failure says where the tab was (without the query, which may carry a code). */
  private inWindow<T>(work: (driver: WebDriver) => Promise<T>): Promise<T> {
    return this.session.inWindow(this.window, work).catch((error: unknown) => {
      if (error instanceof DriverLost) throw new DriverLost(`WebKit, its tab at ${this.address.split('?')[0]}: ${error.message}`);
      throw error;
    });
  }

  /** Runs script text in this tab's page with these arguments (elements among them as the driver's references). */
  private script<T>(source: string, ...args: unknown[]): Promise<T> {
    return this.inWindow((driver) => driver.executeScript<T>(source, ...args));
  }

  private look(): Promise<void> {
    this.looking += 1;
    const look = this.looks.then(() => this.readPage()).finally(() => (this.looking -= 1));
    this.looks = look.catch(() => undefined);
    return look;
  }

  private async readPage(): Promise<void> {
    const seen = await this.script<PageLook>(WATCH_IN_PAGE, this.documentOrigin, this.seenResources);
    if (seen.fresh) this.requests.push({ url: seen.href, method: 'GET', headers: {}, navigation: true });
    for (const url of seen.entries) this.requests.push({ url, method: '', headers: {}, navigation: false });
    this.pageLog.take(seen.log);
    this.address = seen.href;
    this.documentOrigin = seen.origin;
    this.seenResources = seen.count;
  }

  async goto(url: string): Promise<void> {
    await this.inWindow((driver) => driver.get(url));
    await this.look();
  }

  async reload(): Promise<void> {
    await this.inWindow((driver) => driver.navigate().refresh());
    await this.look();
  }

  reloadAccepting(): Promise<string | undefined> {
    return Promise.reject(
      new Error(
        'WebKit: classic WebDriver accepts a beforeunload dialog without showing it to the client; a test of it runs in Chromium or Firefox',
      ),
    );
  }

  url(): string {
    return this.address;
  }

  role(role: Role, name: string): Target {
    return this.target({ kind: 'role', role, name }, `${role} "${name}"`);
  }

  label(label: string): Target {
    return this.target({ kind: 'label', name: label }, `a field labelled "${label}"`);
  }

  text(text: string): Target {
    return this.target({ kind: 'text', name: text }, `the text "${text}"`);
  }

  /** Looks again until the page shows it, as a person does. */
  private async find(wanted: Wanted, what: string, timeout: number): Promise<WebElement> {
    const end = Date.now() + timeout;
    for (;;) {
      const found = await this.script<WebElement | null>(FIND_IN_PAGE, wanted).catch(() => null);
      if (found) return found;
      if (Date.now() > end) throw new Error(`the page (${this.address}) does not show ${what} within ${timeout} ms`);
      await pause(LOOK_EVERY_MS);
    }
  }

  private target(wanted: Wanted, what: string): Target {
    const element = (timeout: number) => this.find(wanted, what, timeout);
    return {
      waitFor: async (timeout = OUTCOME_MS) => void (await element(timeout)),
      click: async (timeout = OUTCOME_MS) => {
        const end = Date.now() + timeout;
        // Found again at each try: a control covered for a moment (a banner sliding in) or rendered anew is clicked once it can be.
        for (;;) {
          try {
            const found = await element(Math.max(0, end - Date.now()));
            await this.inWindow(() => found.click());
            break;
          } catch (error) {
            if (!(error instanceof webdriverError.WebDriverError) || Date.now() > end) throw error;
            await pause(LOOK_EVERY_MS);
          }
        }
        await this.look().catch(() => undefined);
      },
      doubleClick: () =>
        Promise.reject(
          new Error(
            `WebKit: no double click on ${what} (the driver clicks one WebDriver command at a time); a test of it runs in Chromium or Firefox`,
          ),
        ),
      fill: async (value, timeout = OUTCOME_MS) => {
        const found = await element(timeout);
        await this.inWindow(async () => {
          await found.clear();
          await found.sendKeys(value);
        });
      },
      choose: async (option, timeout = OUTCOME_MS) => {
        // A click on the option, as WebDriver chooses one (W3C WebDriver §14.1, Element Click on an option).
        const list = await element(timeout);
        const choice = await this.script<WebElement | null>(
          'return [...arguments[0].options].find((option) => option.text.trim() === arguments[1]) ?? null;',
          list,
          option,
        );
        if (!choice) throw new Error(`${what} has no option "${option}"`);
        await this.inWindow(() => choice.click());
      },
      pressEnter: async (timeout = OUTCOME_MS) => {
        const found = await element(timeout);
        await this.inWindow(() => found.sendKeys(Key.ENTER));
      },
      text: async (timeout = OUTCOME_MS) => {
        const found = await element(timeout);
        return this.inWindow(() => found.getText());
      },
      visible: async () => (await this.script<WebElement | null>(FIND_IN_PAGE, wanted).catch(() => null)) !== null,
    };
  }

  async waitForUrl(test: (url: URL) => boolean, timeout = OUTCOME_MS): Promise<void> {
    const at = async () => (await this.look().catch(() => undefined), this.address !== 'about:blank' && test(new URL(this.address)));
    await until(at, Date.now() + timeout, () => `the address stayed ${this.address} for ${timeout} ms`);
  }

  async evaluate<T, A = undefined>(fn: (arg: A) => T | Promise<T>, arg?: A): Promise<T> {
    const script = `const done = arguments[arguments.length - 1];
      Promise.resolve((${fn.toString()})(arguments[0])).then((value) => done({ value }), (error) => done({ error: String(error) }));`;
    const answer = await this.inWindow((driver) => driver.executeAsyncScript<{ value?: T; error?: string }>(script, arg ?? null));
    if (answer.error !== undefined) throw new Error(`in the page: ${answer.error}`);
    return answer.value as T;
  }

  sessionStorage(): Promise<Record<string, string>> {
    return this.script('return { ...sessionStorage };');
  }

  async cookies(url: string): Promise<SeenCookie[]> {
    // Classic WebDriver lists the cookies of the page's own document.
    const host = new URL(url).hostname;
    const all = await this.inWindow((driver) => driver.manage().getCookies());
    return all
      .filter((cookie) => (cookie.domain ?? host).replace(/^\./, '') === host)
      .map(({ name, value }) => ({ name, value, domain: host }));
  }

  async setCookie(url: string, name: string, value: string): Promise<void> {
    await this.inWindow((driver) =>
      driver.manage().addCookie({ name, value, domain: new URL(url).hostname, path: '/', secure: true, sameSite: 'None' }),
    );
  }

  async setViewport(viewport: Viewport): Promise<void> {
    // WebDriver sizes the window; the page's own size is what a person gets, so the window is made as much larger as its toolbar takes.
    // The page learns its new size a moment after the window has it: measured once it holds still, corrected until it is right.
    let rect = { ...viewport };
    const end = Date.now() + OUTCOME_MS;
    for (;;) {
      const size = rect;
      await this.inWindow((driver) => driver.manage().window().setRect(size));
      const inner = await this.settledSize();
      if (inner.width === viewport.width && inner.height === viewport.height) return;
      if (Date.now() > end)
        throw new Error(
          `the page stays ${inner.width}×${inner.height} px in a window of ${rect.width}×${rect.height}, not ${viewport.width}×${viewport.height}`,
        );
      rect = { width: rect.width + viewport.width - inner.width, height: rect.height + viewport.height - inner.height };
    }
  }

  /** The page's size once two looks 100 ms apart agree. */
  private async settledSize(): Promise<Viewport> {
    let last: Viewport | undefined;
    for (;;) {
      const now = await this.script<Viewport>('return { width: innerWidth, height: innerHeight };');
      if (last && last.width === now.width && last.height === now.height) return now;
      last = now;
      await pause(LOOK_EVERY_MS);
    }
  }

  async addScript(source: string): Promise<void> {
    await this.script(source);
  }

  setOffline(): Promise<void> {
    return Promise.reject(
      new Error('WebKit’s classic WebDriver cannot take a tab offline: drop the stack’s connections instead (stack.connections)'),
    );
  }

  async screenshot(path: string, { fullPage = false }: { fullPage?: boolean } = {}): Promise<void> {
    if (!this.session.screenshots)
      throw new Error('WebKit paints without compositing here, and its driver then takes no screenshot: launch with `screenshots: true`');
    const { writeFile } = await import('node:fs/promises');
    let png: string;
    const size = await this.script<{ width: number; height: number; page: number }>(
      'return { width: innerWidth, height: innerHeight, page: document.scrollingElement.scrollHeight };',
    );
    if (fullPage && size.page > size.height) {
      // WebDriver's screenshots end at the window's edge (an element's too): the window is made as tall as the page for it, then put back.
      await this.setViewport({ width: size.width, height: size.page });
      try {
        png = await this.inWindow((driver) => driver.takeScreenshot());
      } finally {
        await this.setViewport({ width: size.width, height: size.height });
      }
    } else {
      png = await this.inWindow((driver) => driver.takeScreenshot());
    }
    await writeFile(path, Buffer.from(png, 'base64'));
  }

  async withPopup(open: () => Promise<void>, work: (popup: Tab) => Promise<void>, timeout = OUTCOME_MS): Promise<void> {
    const before = new Set(await this.session.windows());
    await open();
    const end = Date.now() + timeout;
    const opened = async () => (await this.session.windows()).filter((handle) => !before.has(handle));
    let popup = '';
    await until(
      async () => (popup = (await opened())[0] ?? '') !== '',
      end,
      () => `no popup opened within ${timeout} ms`,
    );
    const inPopup = new WebKitTab(this.session, popup, { opener: this });
    try {
      await work(inPopup);
      await until(
        async () => !(await this.session.windows()).includes(popup),
        end,
        () => `the popup stayed open for ${timeout} ms`,
      );
    } finally {
      clearInterval(inPopup.watch);
    }
  }

  async openTab(): Promise<Tab> {
    const owner = 'owner' in this.relation ? this : this.relation.opener;
    const tab = new WebKitTab(this.session, await this.session.newWindow(this.window), { opener: owner });
    owner.others.add(tab);
    const { width, height } = await this.script<Viewport>('return { width: innerWidth, height: innerHeight };');
    await tab.setViewport({ width, height });
    return tab;
  }

  async close(): Promise<void> {
    clearInterval(this.watch);
    if ('owner' in this.relation) {
      for (const other of this.others) clearInterval(other.watch);
      this.relation.owner();
      await this.session.close();
      return;
    }
    this.relation.opener.others.delete(this);
    await this.inWindow((driver) => driver.close()).catch(() => undefined);
  }
}
