import type { BrowserContext, Page, Route } from 'playwright-core';
import type { ServerGate } from '../../../../devstack/faults/holds.ts';
import { stateKey, type ModelPath, type PathStep } from '../../../../scripts/paths/model.ts';
import { AppModel } from '../../models/app.model.ts';
import { StaffModel } from '../../models/staff.model.ts';
import { NL } from '../../models/texts.ts';
import { chromiumTab } from '../../support/driver.ts';
import type { BrowserEnv } from '../../support/env.ts';
import { stepName, type BrowserDriver, type EngineDriver, type EngineEnv } from './browserPaths.ts';
import { InactivityRun } from './inactivityRun.ts';
import { InactivityScreen, inactivitySettings, type Moment } from './inactivityScreen.ts';
import { pageTime, runPageClock, setPageTime } from '../../support/pageClock.ts';
import { PRESENT_MS, seconds } from '../../../support/limits.ts';

// The inactivity paths' two drivers, a run of InactivityRun each: Chromium
// on Playwright's page clock (inactivityDriver), Firefox and WebKit on the
// page clock of the test stack (inactivityEngineDriver).

const TIMEOUT_MS = seconds(120);
const WARNING_MS = seconds(30);
/** What the local stack's GetAll turns on for these runs: 120 s, the warning for the last 30. */
export const INACTIVITY_SETTINGS = inactivitySettings(TIMEOUT_MS / seconds(1), WARNING_MS / seconds(1));

/** The transitions no browser run can take, with the reason: none. */
export const INACTIVITY_UNREACHABLE_IN_BROWSER: Record<string, string> = {};

/**
 * The inactivityMachine in a browser, on the page clock of the whole
 * context. The start inputs are one sign-in; the wall clock is moved (timers
 * keep their own schedule, so none fires) just before a CHECK, to where the
 * path's context says: into the warning time or past the end (exactly to
 * its first moment for a path that starts quiet to it). CHECK is a
 * `visibilitychange`; ACTIVITY a click; STAY the dialog's button, or
 * another tab's (its channel message) while no dialog shows; SIGNED_OUT
 * another tab's sign-out on the token channel. The sign-out's revocation
 * is held so `signingOut` can be seen; its `done` is the tab that waited
 * while another tab (the sign-out lock held in the page) signed out, its
 * `error` a tab that cannot fetch the sign-out's code (offline). The checks
 * of the screen are the other engines' (inactivityScreen.ts).
 */
export const inactivityDriver: BrowserDriver = {
  feasible: () => true,
  run: async (path, env) => new ChromiumInactivityRun(path, env).run(),
};

class ChromiumInactivityRun extends InactivityRun {
  private app!: AppModel;
  private held: Route | undefined;
  private heldCode: Route | undefined;

  constructor(
    path: ModelPath,
    private readonly env: BrowserEnv,
  ) {
    super(path, TIMEOUT_MS, WARNING_MS);
  }

  private get page(): Page {
    return this.app.page;
  }

  private get context(): BrowserContext {
    return this.env.context;
  }

  override async run(): Promise<void> {
    await super.run();
    await this.held?.abort().catch(() => undefined);
  }

  protected async signIn(name: string): Promise<Moment> {
    await this.context.clock.install();
    this.app = await AppModel.newPage(this.env.watched);
    await this.page.route(/\/v1\/revoke$/, (route) => {
      this.held = route;
    });
    this.screen = new InactivityScreen(chromiumTab(this.page), () => this.now());
    const signingIn = Date.now();
    await this.app.person.signInToHome('admin', '123qwe', NL.shell.welcomeAnyone);
    // Idle callbacks run on the page clock too: let them, so the watch starts.
    await this.context.clock.runFor(seconds(3));
    // Started after the sign-in began (the page clock only moves on from the real one) and before it was seen.
    return this.screen.watching(name, signingIn);
  }

  private now(): Promise<number> {
    return this.page.evaluate(() => Date.now());
  }

  protected async click(): Promise<Moment> {
    // Activity counts at most once a second.
    await this.context.clock.runFor(seconds(1.1));
    const from = await this.now();
    await this.page.mouse.click(5, 400);
    return { from, to: await this.now() };
  }

  /** The wall clock is moved (timers keep their own schedule, so none fires), then the page hears `visibilitychange`. */
  protected async wakeUp(_name: string, over: boolean, next: PathStep | undefined): Promise<void> {
    if (over && next?.kind === 'done') await this.screen.signOutLockHeldElsewhere();
    // The sign-out fails as a promise only when its code cannot be fetched (offline at that moment).
    if (over && next?.kind === 'error') {
      await this.page.route(/\/assets\/signOut\.lazy-[^/]+\.js$/, (route) => {
        this.heldCode = route;
      });
    }
    await this.context.clock.setSystemTime(this.activity.to + this.quietFor(over));
    await this.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  }

  protected async wait(_name: string, until: 'warning' | 'end'): Promise<void> {
    await this.context.clock.runFor(Math.max(1, this.dueAt(until) - (await this.now()) + 50));
  }

  protected async waitedForOtherTab(): Promise<void> {
    // This tab waited for the one that holds the lock; it leaves by itself after 10 s.
    await this.context.clock.runFor(10_100);
  }

  protected async signOutCodeFails(name: string): Promise<void> {
    // The sign-out's code, held since CHECK, cannot be fetched.
    if (!this.heldCode) throw new Error(`${name}: the sign-out's code was not requested`);
    await this.heldCode.abort('internetdisconnected');
  }
}

/** How long a tab waits for the one that signs out before it leaves by itself (src/session/inactivityActor.lazy.ts). */
const WAIT_FOR_SIGN_OUT_MS = seconds(10);
/**
 * How long before a delay is due the page is looked at, to see that nothing
 * came early. The stack's page clock runs on with the real one between the
 * move and the look, so the look must land before the moment on a busy
 * machine too: 300 ms did not, once, in WebKit in a whole run.
 */
const BEFORE_DUE_MS = 2 * PRESENT_MS;

/** The stack of the Firefox and WebKit runs: Chromium's settings, and the page clock in every page of the app. */
export const INACTIVITY_ENGINE_STACK = { settings: INACTIVITY_SETTINGS, pageClock: true } as const;

/** The transitions Firefox and WebKit cannot take, with the reason: none. */
export const INACTIVITY_UNREACHABLE_IN_ENGINES: Record<string, string> = {};

/**
 * The inactivityMachine in Firefox and WebKit, as the Chromium run above,
 * on the page clock the test stack gives every page (`INACTIVITY_ENGINE_STACK`,
 * moved with `runPageClock` and `setPageTime`): the same 120 s with the
 * warning for the last 30. The other tab is a second BroadcastChannel and a
 * Web Lock in the same page. The stack, not the browser, holds the
 * provider's revocation (`signingOut`) and the sign-out's code, which it
 * drops for `error signOut`; `done signOut` is the tab that waited 10 s for
 * the one holding the lock. Before a delay is due, the page is looked at
 * once more: nothing may come early.
 */
export const inactivityEngineDriver: EngineDriver = {
  feasible: () => true,
  run: async (path, env) => {
    const run = new EngineInactivityRun(path, env);
    try {
      await run.run();
    } finally {
      await run.close();
    }
  },
};

class EngineInactivityRun extends InactivityRun {
  private checkedAt = 0;
  private revocation!: ServerGate;
  private code: ServerGate | undefined;
  private dropping = false;
  private lockElsewhere = false;

  constructor(
    path: ModelPath,
    private readonly env: EngineEnv,
  ) {
    super(path, TIMEOUT_MS, WARNING_MS);
  }

  protected async signIn(name: string): Promise<Moment> {
    this.revocation = this.env.stack.holds.hold('revocation');
    if (this.path.steps.some((step) => step.kind === 'error')) this.code = this.env.stack.holds.hold('sign-out code');
    const staff = new StaffModel(await this.env.browser.newTab(), this.env.stack);
    this.screen = new InactivityScreen(staff.tab, () => this.now());
    await staff.signInToHome();
    return this.screen.watching(name);
  }

  async close(): Promise<void> {
    this.dropping = false;
    await this.screen?.tab.close();
  }

  private get tab() {
    return this.screen.tab;
  }

  private now(): Promise<number> {
    return pageTime(this.tab);
  }

  protected async click(name: string): Promise<Moment> {
    // Activity counts at most once a second.
    await runPageClock(this.tab, seconds(1.1));
    return this.screen.activity(name, () => this.tab.text(NL.shell.welcome).click());
  }

  protected async waitedForOtherTab(name: string): Promise<void> {
    // This tab waits for the one holding the lock, then leaves by itself.
    await runPageClock(this.tab, Math.max(1, this.checkedAt + WAIT_FOR_SIGN_OUT_MS - BEFORE_DUE_MS - (await this.now())));
    if (new URL(this.tab.url()).pathname !== '/app/home')
      throw new Error(`${name}: left before the other tab's sign-out had its time, for ${this.tab.url()}`);
    if (await this.revocation.next(1).catch(() => undefined)) throw new Error(`${name}: the tab that waits revoked the token too`);
    // The rest of the wait: the page leaves as its clock runs, which may end the look.
    await runPageClock(this.tab, 2 * BEFORE_DUE_MS).catch(() => undefined);
  }

  /**
   * CHECK: the wall clock is moved (timers keep their own schedule, so none
   * fires) to where the path's context says, then the page hears
   * `visibilitychange`, as a tab in the background or on a laptop that slept.
   */
  protected async wakeUp(_name: string, over: boolean, next: PathStep | undefined): Promise<void> {
    if (over && next?.kind === 'done') {
      await this.screen.signOutLockHeldElsewhere();
      this.lockElsewhere = true;
    }
    await setPageTime(this.tab, this.activity.to + this.quietFor(over));
    await this.tab.evaluate(() => void document.dispatchEvent(new Event('visibilitychange')));
    this.checkedAt = await this.now();
  }

  /**
   * The sign-out's code cannot be fetched: every request for it is dropped
   * until the tab has left, the page's own and the one its service worker
   * made ahead of it to keep the code offline (held since the start; Firefox
   * makes the page's request wait for that one).
   */
  protected async signOutCodeFails(name: string): Promise<void> {
    const code = this.code;
    if (!code) throw new Error(`${name}: the sign-out's code was not held`);
    this.dropping = true;
    void (async () => {
      while (this.dropping) (await code.next(PRESENT_MS).catch(() => undefined))?.drop();
    })();
  }

  /** A delay: the clock runs to just before it is due, where nothing has changed on the screen, then past it (the next check). */
  protected async wait(name: string, what: 'warning' | 'end'): Promise<void> {
    const due = this.dueAt(what);
    const beforeDue = due - BEFORE_DUE_MS - (await this.now());
    if (beforeDue > 0) {
      await runPageClock(this.tab, beforeDue);
      const { open } = await this.screen.warningSeen();
      if (what === 'warning' && open) throw new Error(`${name}: the warning came before its time`);
      if (what === 'end' && !open) throw new Error(`${name}: the warning closed before the end`);
    }
    await runPageClock(this.tab, Math.max(1, due - (await this.now()) + 50));
  }

  protected override async check(step: PathStep): Promise<void> {
    await super.check(step);
    if (stateKey(step.state) === 'signingOut' && !this.code && !this.lockElsewhere) {
      // This tab signs out: it revokes the refresh token (held until the run ends).
      const revocation = await this.revocation.next();
      if (revocation.method !== 'POST') throw new Error(`${stepName(this.path, step)}: the revocation came as ${revocation.method}`);
    }
  }
}
