import { stateKey, type ModelPath, type PathStep } from '../../../../scripts/paths/model.ts';
import { stepName } from './browserPaths.ts';
import { later, type InactivityScreen, type Moment } from './inactivityScreen.ts';

/**
 * One inactivity path in a browser, step by step, the same in every engine:
 * sign in, see the watch start, then each step's action and the check of the
 * screen after it. What differs is the clock: Playwright's page clock in
 * Chromium (inactivityDriver.ts), the test stack's in Firefox and WebKit
 * (inactivityEngineDriver, same file); each says how its clock passes for a click, a
 * check on return to the page, a delay, the tab that waited for another's
 * sign-out, and the sign-out whose code cannot be fetched.
 */
export abstract class InactivityRun {
  protected screen!: InactivityScreen;
  /** The last activity the page counted, on the clock the page reads. */
  protected activity!: Moment;

  constructor(
    protected readonly path: ModelPath,
    /** The server's time-out, and the warning time at its end, in ms. */
    protected readonly timeoutMs: number,
    protected readonly warningMs: number,
  ) {}

  /** Opens the tab (setting `screen`), signs in, and gives when the watch started. */
  protected abstract signIn(name: string): Promise<Moment>;
  /** The person clicks on the page; when the page counted it. */
  protected abstract click(name: string): Promise<Moment>;
  /** CHECK: the page is visible again once its clock is into the warning time, or past the end (`over`). */
  protected abstract wakeUp(name: string, over: boolean, next: PathStep | undefined): Promise<void>;
  /** A delay passes: until the warning, or until the end. */
  protected abstract wait(name: string, until: 'warning' | 'end'): Promise<void>;
  /** `done signOut`: this tab waited for the one holding the sign-out's lock, and leaves by itself. */
  protected abstract waitedForOtherTab(name: string): Promise<void>;
  /** `error signOut`: the sign-out's code cannot be fetched. */
  protected abstract signOutCodeFails(name: string): Promise<void>;

  async run(): Promise<void> {
    const [start, ...steps] = this.path.steps;
    this.activity = await this.signIn(stepName(this.path, start!));
    await this.check(start!);
    for (const [index, step] of steps.entries()) {
      await this.perform(step, steps[index + 1]);
      await this.check(step);
    }
  }

  private async perform(step: PathStep, next: PathStep | undefined): Promise<void> {
    const name = stepName(this.path, step);
    switch (step.kind) {
      case 'event':
        switch (step.trigger) {
          case 'ACTIVITY':
            this.activity = await this.click(name);
            return;
          case 'STAY':
            this.activity = (await this.screen.warningOpen()) ? await this.screen.stay() : await this.screen.stayElsewhere();
            return;
          case 'CHECK':
            return this.wakeUp(name, stateKey(step.state) === 'signingOut', next);
          case 'SIGNED_OUT':
            return this.screen.signedOutElsewhere();
          default:
            throw new Error(`${name}: no browser action for ${step.trigger}`);
        }
      case 'after':
        return this.wait(name, step.trigger === 'untilWarning' ? 'warning' : 'end');
      case 'done':
        return this.waitedForOtherTab(name);
      case 'error':
        return this.signOutCodeFails(name);
      default:
        throw new Error(`${name}: no browser action for ${step.kind} ${step.trigger}`);
    }
  }

  /**
   * How long after the last activity a CHECK comes: into the warning time or past the end, or, for a path that
   * starts quiet to the warning or to the end, exactly at that moment (the page marks the watch's start to the ms).
   */
  protected quietFor(over: boolean): number {
    const start = this.path.steps[0]!.trigger;
    if (start === 'quiet to the warning' && !over) return this.timeoutMs - this.warningMs;
    if (start === 'quiet to the end' && over) return this.timeoutMs;
    return over ? this.timeoutMs + this.warningMs : this.timeoutMs - this.warningMs / 2;
  }

  /** When a delay is due by the last activity: the warning, or the end. */
  protected dueAt(what: 'warning' | 'end'): number {
    return this.activity.to + this.timeoutMs - (what === 'warning' ? this.warningMs : 0);
  }

  /** The screen shows the step's state; the session ends a time-out after the last activity. */
  protected async check(step: PathStep): Promise<void> {
    const elsewhere = step.kind === 'event' && step.trigger === 'SIGNED_OUT';
    await this.screen.expectState(stepName(this.path, step), stateKey(step.state), later(this.activity, this.timeoutMs), elsewhere);
  }
}
