import type { BrowserContext, Page, Route } from 'playwright-core';
import type { ModelPath, PathStep } from '../../../../scripts/paths/model.ts';
import { AppModel } from '../../models/app.model.ts';
import { NL } from '../../models/texts.ts';
import { chromiumTab } from '../../support/driver.ts';
import type { BrowserEnv } from '../../support/env.ts';
import type { BrowserDriver } from './browserPaths.ts';
import { InactivityRun } from './inactivityRun.ts';
import { InactivityScreen, inactivitySettings, type Moment } from './inactivityScreen.ts';

const TIMEOUT_MS = 120_000;
const WARNING_MS = 30_000;
/** What the local stack's GetAll turns on for these runs: 120 s, the warning for the last 30. */
export const INACTIVITY_SETTINGS = inactivitySettings(TIMEOUT_MS / 1000, WARNING_MS / 1000);

/** The transitions no browser run can take, with the reason: none. */
export const INACTIVITY_UNREACHABLE_IN_BROWSER: Record<string, string> = {};

/**
 * The inactivityMachine in a browser, on the page clock of the whole
 * context. The start inputs are one sign-in; the wall clock is moved (timers
 * keep their own schedule, so none fires) just before a CHECK, to where the
 * path's context says: into the warning time or past the end. CHECK is a
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
    await this.app.signInToHome('admin', NL.shell.welcomeAnyone);
    // Idle callbacks run on the page clock too: let them, so the watch starts.
    await this.context.clock.runFor(3000);
    // Started after the sign-in began (the page clock only moves on from the real one) and before it was seen.
    return this.screen.watching(name, signingIn);
  }

  private now(): Promise<number> {
    return this.page.evaluate(() => Date.now());
  }

  protected async click(): Promise<Moment> {
    // Activity counts at most once a second.
    await this.context.clock.runFor(1100);
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
    await this.context.clock.setSystemTime(this.activity.to + (over ? TIMEOUT_MS + WARNING_MS : TIMEOUT_MS - WARNING_MS / 2));
    await this.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  }

  protected async wait(_name: string, until: 'warning' | 'end'): Promise<void> {
    const end = this.activity.to + TIMEOUT_MS - (until === 'warning' ? WARNING_MS : 0);
    await this.context.clock.runFor(Math.max(1, end - (await this.now()) + 50));
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
