import type { BrowserContext, Page, Route } from 'playwright-core';
import { stateKey, type ModelPath, type PathStep } from '../../../../scripts/paths/model.ts';
import { AppModel } from '../../models/app.model.ts';
import { NL } from '../../models/texts.ts';
import { chromiumTab } from '../../support/driver.ts';
import type { BrowserEnv } from '../../support/env.ts';
import { stepName, type BrowserDriver } from './browserPaths.ts';
import { InactivityScreen, inactivitySettings, later, type Moment } from './inactivityScreen.ts';

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
  run: async (path, env) => new InactivityRun(path, env).run(),
};

class InactivityRun {
  private app!: AppModel;
  private screen!: InactivityScreen;
  /** The last activity the page counted, on the page clock. */
  private lastActivity!: Moment;
  private held: Route | undefined;
  private heldCode: Route | undefined;

  constructor(
    private readonly path: ModelPath,
    private readonly env: BrowserEnv,
  ) {}

  private get page(): Page {
    return this.app.page;
  }

  private get context(): BrowserContext {
    return this.env.context;
  }

  async run(): Promise<void> {
    await this.context.clock.install();
    this.app = await AppModel.newPage(this.env.watched);
    await this.page.route(/\/v1\/revoke$/, (route) => {
      this.held = route;
    });
    this.screen = new InactivityScreen(chromiumTab(this.page), () => this.now());
    const [start, ...steps] = this.path.steps;
    const signingIn = Date.now();
    await this.app.signInToHome('admin', NL.shell.welcomeAnyone);
    // Idle callbacks run on the page clock too: let them, so the watch starts.
    await this.context.clock.runFor(3000);
    // Started after the sign-in began (the page clock only moves on from the real one) and before it was seen.
    this.lastActivity = await this.screen.watching(stepName(this.path, start!), signingIn);
    await this.check(start!);
    for (const [index, step] of steps.entries()) {
      await this.perform(step, steps[index + 1]);
      await this.check(step);
    }
    await this.held?.abort().catch(() => undefined);
  }

  private now(): Promise<number> {
    return this.page.evaluate(() => Date.now());
  }

  private async perform(step: PathStep, next: PathStep | undefined): Promise<void> {
    const name = stepName(this.path, step);
    switch (step.kind) {
      case 'event':
        switch (step.trigger) {
          case 'ACTIVITY': {
            // Activity counts at most once a second.
            await this.context.clock.runFor(1100);
            const from = await this.now();
            await this.page.mouse.click(5, 400);
            this.lastActivity = { from, to: await this.now() };
            return;
          }
          case 'STAY':
            this.lastActivity = (await this.screen.warningOpen()) ? await this.screen.stay() : await this.screen.stayElsewhere();
            return;
          case 'CHECK': {
            const over = stateKey(step.state) === 'signingOut';
            if (over && next?.kind === 'done') await this.screen.signOutLockHeldElsewhere();
            // The sign-out fails as a promise only when its code cannot be fetched (offline at that moment).
            if (over && next?.kind === 'error') {
              await this.page.route(/\/assets\/signOut\.lazy-[^/]+\.js$/, (route) => {
                this.heldCode = route;
              });
            }
            await this.context.clock.setSystemTime(this.lastActivity.to + this.quietFor(over));
            await this.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
            return;
          }
          case 'SIGNED_OUT':
            return this.screen.signedOutElsewhere();
          default:
            throw new Error(`${name}: no browser action for ${step.trigger}`);
        }
      case 'after': {
        const end = this.lastActivity.to + TIMEOUT_MS - (step.trigger === 'untilWarning' ? WARNING_MS : 0);
        await this.context.clock.runFor(Math.max(1, end - (await this.now()) + 50));
        return;
      }
      case 'done':
        // This tab waited for the one that holds the lock; it leaves by itself after 10 s.
        await this.context.clock.runFor(10_100);
        return;
      case 'error':
        // The sign-out's code, held since CHECK, cannot be fetched.
        if (!this.heldCode) throw new Error(`${name}: the sign-out's code was not requested`);
        await this.heldCode.abort('internetdisconnected');
        return;
      default:
        throw new Error(`${name}: no browser action for ${step.kind} ${step.trigger}`);
    }
  }

  /**
   * How long after the last activity a CHECK comes: into the warning time or past the end, or, for a path that
   * starts quiet to the warning or to the end, exactly at that moment (the page marks the watch's start to the ms).
   */
  private quietFor(over: boolean): number {
    const start = this.path.steps[0]!.trigger;
    if (start === 'quiet to the warning' && !over) return TIMEOUT_MS - WARNING_MS;
    if (start === 'quiet to the end' && over) return TIMEOUT_MS;
    return over ? TIMEOUT_MS + WARNING_MS : TIMEOUT_MS - WARNING_MS / 2;
  }

  private async check(step: PathStep): Promise<void> {
    await this.screen.expectState(stepName(this.path, step), stateKey(step.state), later(this.lastActivity, TIMEOUT_MS));
  }
}
