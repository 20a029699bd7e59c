import type { BrowserContext, Page, Route } from 'playwright-core';
import { stateKey, type ModelPath, type PathStep } from '../../../../scripts/paths/model.ts';
import { AppModel } from '../../models/app.model.ts';
import { NL } from '../../models/texts.ts';
import type { BrowserEnv } from '../../support/env.ts';
import { sees, stepName, type BrowserDriver } from './browserPaths.ts';

/** What the local stack's GetAll turns on for these runs: 120 s, the warning for the last 30. */
export const INACTIVITY_SETTINGS = {
  'App.UserManagement.SessionTimeOut.IsEnabled': 'true',
  'App.UserManagement.SessionTimeOut.TimeOutSecond': '120',
  'App.UserManagement.SessionTimeOut.ShowTimeOutNotificationSecond': '30',
};
const TIMEOUT_MS = 120_000;
const WARNING_MS = 30_000;

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
 * while another tab (a helper page holding the sign-out lock) signed out,
 * its `error` a tab that cannot fetch the sign-out's code (offline).
 */
export const inactivityDriver: BrowserDriver = {
  feasible: () => true,
  run: async (path, env) => new InactivityRun(path, env).run(),
};

class InactivityRun {
  private app!: AppModel;
  private lastActivity = 0;
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
    await this.page.route(/\/token\/revocation$/, (route) => {
      this.held = route;
    });
    const [start, ...steps] = this.path.steps;
    await this.app.signInToHome('admin', NL.shell.welcomeAnyone);
    // Idle callbacks run on the page clock too: let them, so the watch starts.
    await this.context.clock.runFor(3000);
    await this.watching();
    this.lastActivity = await this.now();
    await this.check(start!);
    for (const [index, step] of steps.entries()) {
      await this.perform(step, steps[index + 1]);
      await this.check(step);
    }
    await this.held?.abort().catch(() => undefined);
  }

  private async watching(): Promise<void> {
    for (let attempt = 0; attempt < 150 && (await this.page.locator('dialog.dialog').count()) === 0; attempt += 1) await this.page.waitForTimeout(100);
    if ((await this.page.locator('dialog.dialog').count()) === 0) throw new Error(`${stepName(this.path, this.path.steps[0]!)}: the inactivity watch did not start`);
  }

  private now(): Promise<number> {
    return this.page.evaluate(() => Date.now());
  }

  private post(channel: string, message: unknown): Promise<void> {
    return this.page.evaluate(
      ([name, data]) => {
        const other = new BroadcastChannel(name as string);
        other.postMessage(data);
        other.close();
      },
      [channel, message] as const,
    );
  }

  private async perform(step: PathStep, next: PathStep | undefined): Promise<void> {
    const name = stepName(this.path, step);
    switch (step.kind) {
      case 'event':
        switch (step.trigger) {
          case 'ACTIVITY':
            // Activity counts at most once a second.
            await this.context.clock.runFor(1100);
            this.lastActivity = await this.now();
            await this.page.mouse.click(5, 400);
            return;
          case 'STAY':
            if (await this.dialog().isVisible()) await this.dialog().getByRole('button', { name: NL.inactivity.stay }).click();
            else await this.post('session.inactivity', { type: 'stay', at: await this.now() });
            this.lastActivity = await this.now();
            return;
          case 'CHECK': {
            const over = stateKey(step.state) === 'signingOut';
            if (over && next?.kind === 'done') await this.holdSignOutLockElsewhere();
            // The sign-out fails as a promise only when its code cannot be fetched (offline at that moment).
            if (over && next?.kind === 'error') {
              await this.page.route(/\/assets\/signOut\.lazy-[^/]+\.js$/, (route) => {
                this.heldCode = route;
              });
            }
            await this.context.clock.setSystemTime(this.lastActivity + (over ? TIMEOUT_MS + WARNING_MS : TIMEOUT_MS - WARNING_MS / 2));
            await this.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
            return;
          }
          case 'SIGNED_OUT':
            await this.post('oidc.tokens', { type: 'signed-out', reason: 'signed-out' });
            return;
          default:
            throw new Error(`${name}: no browser action for ${step.trigger}`);
        }
      case 'after': {
        const end = this.lastActivity + TIMEOUT_MS - (step.trigger === 'untilWarning' ? WARNING_MS : 0);
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

  /** Another tab of the context holds the sign-out lock, as a tab that is signing out does. */
  private async holdSignOutLockElsewhere(): Promise<void> {
    const helper = await this.context.newPage();
    await helper.goto(this.app.url('/account/login'));
    await helper.evaluate(() => {
      void navigator.locks.request('session.inactivity.sign-out', () => new Promise(() => {}));
    });
  }

  private dialog() {
    return this.page.getByRole('dialog', { name: NL.inactivity.warning });
  }

  private async check(step: PathStep): Promise<void> {
    const name = stepName(this.path, step);
    const state = stateKey(step.state);
    switch (state) {
      case 'active':
        await this.dialog().waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => {
          throw new Error(`${name}: the warning still shows`);
        });
        if (new URL(this.page.url()).pathname !== '/app/home') throw new Error(`${name}: left /app/home`);
        return;
      case 'warning':
        await sees(this.dialog(), `${name}: the warning "${NL.inactivity.warning}"`);
        return;
      case 'signingOut':
        await this.dialog().waitFor({ state: 'hidden', timeout: 5_000 });
        await this.page.waitForTimeout(300);
        if (new URL(this.page.url()).pathname !== '/app/home') throw new Error(`${name}: left the page before the sign-out ended`);
        return;
      case 'signedOut': {
        // Two replaces may race (this tab's own leave and the token channel's): read the address until it settles.
        const deadline = Date.now() + 15_000;
        while (!/\/account\/login\?reason=(idle|signed-out)/.test(this.page.url())) {
          if (Date.now() > deadline) throw new Error(`${name}: not on the login page but on ${this.page.url()}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await this.app.waitForLoginPage();
        return;
      }
      default:
        throw new Error(`${name}: no browser check for state ${state}`);
    }
  }
}
