import { NL } from '../../models/texts.ts';
import type { Tab } from '../../support/driver.ts';
import { ACTIVITY_EVENTS } from '../../../../src/session/inactivityMark.ts';
import { lookAtInactivityWatch } from '../../models/staff.model.ts';
import { eventually } from '../../models/watch.ts';
import { LOOK_EVERY_MS, pause, seconds, SLOW_OUTCOME_MS, SOON_MS } from '../../../support/limits.ts';

// What a person sees of the inactivity watch, and what another tab tells
// this one, on a tab of any engine (support/driver.ts): the checks and
// messages the inactivity paths share in Chromium, Firefox and WebKit.

/** What the local stack's GetAll turns on: a sign-out after `timeoutS` without activity, the warning for the last `warningS`. */
export function inactivitySettings(timeoutS: number, warningS: number): Record<string, string> {
  return {
    'App.UserManagement.SessionTimeOut.IsEnabled': 'true',
    'App.UserManagement.SessionTimeOut.TimeOutSecond': String(timeoutS),
    'App.UserManagement.SessionTimeOut.ShowTimeOutNotificationSecond': String(warningS),
  };
}

/** A moment known only between two readings of the clock (epoch ms): when the page counted an activity, when it ends the session. */
export interface Moment {
  from: number;
  to: number;
}

export function later(moment: Moment, ms: number): Moment {
  return { from: moment.from + ms, to: moment.to + ms };
}

/** The login page the tab leaves for, saying why: its own time-out, or another tab's sign-out. */
const SIGNED_OUT = /\/account\/login\?reason=(idle|signed-out)$/;
const HOME = '/app/home';

/** The sign-out's lock (src/session/inactivityActor.lazy.ts): one tab of the origin signs out, the others wait for it. */
const SIGN_OUT_LOCK = 'session.inactivity.sign-out';

/** The inactivity watch as a person sees it on one tab; `name` (the path and step) heads every failure. */
export class InactivityScreen {
  constructor(
    readonly tab: Tab,
    /** The page's clock (the page clock in Chromium, the wall clock elsewhere). */
    private readonly now: () => Promise<number>,
  ) {}

  /** Whether the warning is open (read from the page: the accessibility tree's nodes are made anew at each tick of its countdown). */
  async warningOpen(): Promise<boolean> {
    return (await this.warningSeen()).open;
  }

  /** Whether the warning is open, and when the page looked, by its own clock: a driver's call can reach a busy page late. */
  async warningSeen(): Promise<{ open: boolean; at: number }> {
    return this.tab.evaluate(() => ({ open: document.querySelector('dialog[open]') !== null, at: Date.now() }));
  }

  /** "Ingelogd blijven", found by its text: Firefox's accessibility tree makes the dialog's nodes anew at each tick of the countdown, so a click by role can miss it. */
  async stay(): Promise<Moment> {
    const from = await this.now();
    await this.tab.text(NL.inactivity.stay).click();
    return { from, to: await this.now() };
  }

  /**
   * A person's activity (`act`, a click), timed by the page: when the first
   * event of it the app counts reached the page (the pointerdown, or a scroll
   * the driver made to bring the target into view before it), by the page's
   * clock as the app counts it, not when the driver was asked (a click
   * through the driver takes its time on a busy machine). The app counts one
   * activity a second (src/session/inactivityActor.lazy.ts), so a scroll
   * before the pointerdown is the one it counts. Fails when the warning had
   * opened by then: the machine was past `active`, where activity counts, and
   * the path could not be carried out.
   */
  async activity(name: string, act: () => Promise<void>): Promise<Moment> {
    await this.tab.evaluate((types) => {
      const seen = window as unknown as { activitySeen?: { from: number; to: number; warning: boolean } };
      delete seen.activitySeen;
      const listener = (event: Event) => {
        for (const type of types) window.removeEventListener(type, listener, { capture: true });
        // From when the event was made (its age by the monotonic clock) to now: the app's own listener read Date.now() in between.
        const to = Date.now();
        seen.activitySeen = {
          from: Math.floor(to - (performance.now() - event.timeStamp)),
          to,
          warning: document.querySelector('dialog[open]') !== null,
        };
      };
      for (const type of types) window.addEventListener(type, listener, { capture: true, passive: true });
    }, ACTIVITY_EVENTS);
    const asked = await this.now();
    await act();
    const seen = await this.tab.evaluate(
      () => (window as unknown as { activitySeen?: { from: number; to: number; warning: boolean } }).activitySeen ?? null,
    );
    if (!seen) throw new Error(`${name}: the click did not reach the page`);
    if (seen.warning)
      throw new Error(
        `${name}: the click reached the page ${seen.to - asked} ms after it was asked for, when the warning had already opened`,
      );
    return { from: seen.from, to: seen.to };
  }

  private path(): string {
    return new URL(this.tab.url()).pathname;
  }

  /**
   * The watch has started: the moment it counts from, as the page set it
   * (its mark, src/session/inactivityMark.ts), by the page's clock. Under
   * Chromium's page clock, whose fake `performance` keeps no marks, from
   * `notBefore` to when its (closed) warning dialog was seen in the page.
   * A look that finds neither proves nothing: the watch starts once the
   * first page is drawn and its code has arrived.
   */
  async watching(name: string, notBefore?: number): Promise<Moment> {
    return eventually(
      async () => {
        const seen = await lookAtInactivityWatch(this.tab);
        if (seen.started !== null) return { from: seen.started, to: seen.started };
        if (notBefore !== undefined && seen.dialog) return { from: notBefore, to: await this.now() };
        return undefined;
      },
      `${name}: the inactivity watch's start`,
      SLOW_OUTCOME_MS,
    );
  }

  /**
   * What the page shows in a state of the inactivityMachine; `endsAt`, when
   * the session ends by the last activity; `signedOutElsewhere`, the step was
   * another tab's sign-out.
   */
  async expectState(name: string, state: string, endsAt: Moment, signedOutElsewhere = false): Promise<void> {
    switch (state) {
      case 'active':
        return this.expectActive(name);
      case 'warning':
        return this.expectWarning(name, endsAt);
      case 'signingOut':
        return this.expectSigningOut(name);
      case 'signedOut':
        return this.expectSignedOut(name, signedOutElsewhere ? 'signed-out' : 'idle');
      default:
        throw new Error(`${name}: no browser check for state ${state}`);
    }
  }

  /** `active`: no warning, still on Home. */
  async expectActive(name: string): Promise<void> {
    await this.expectNoWarning(name, 'the warning still shows');
    if (this.path() !== HOME) throw new Error(`${name}: left ${HOME} for ${this.tab.url()}`);
  }

  /**
   * `warning`: the modal dialog "Ben je er nog?", counting down to when the
   * session ends. Read from the page (its name is its heading, as the
   * accessibility tree names it): Firefox's tree makes the dialog's nodes
   * anew at each tick of the countdown, and a query through it can miss them.
   */
  async expectWarning(name: string, endsAt: Moment): Promise<void> {
    // The countdown is worked out at each tick of the dialog (every second), in whole seconds rounded up: read it until it has ticked.
    const end = Date.now() + SOON_MS;
    let shownOnce: { name: string; text: string } | undefined;
    for (;;) {
      const before = await this.now();
      const dialog = await this.tab.evaluate(() => {
        const open = document.querySelector<HTMLDialogElement>('dialog[open]');
        const title = open?.getAttribute('aria-labelledby');
        return (
          open && {
            modal: open.matches(':modal'),
            name: (title && document.getElementById(title)?.textContent) ?? '',
            text: open.innerText,
          }
        );
      });
      const after = await this.now();
      const shown =
        dialog?.modal && dialog.name === NL.inactivity.warning ? /Over (\d+):(\d\d) word je automatisch uitgelogd/.exec(dialog.text) : null;
      const left = shown ? Number(shown[1]) * 60 + Number(shown[2]) : NaN;
      // Shown at a tick between a second before the reading and its end: the end it names lies in this span.
      const named = { from: before - seconds(1.1) + seconds(left - 1), to: after + seconds(left) };
      if (named.from < endsAt.to && endsAt.from <= named.to) return;
      if (dialog) shownOnce = dialog;
      if (Date.now() > end) {
        const seen = dialog
          ? `a dialog "${dialog.name}" saying "${dialog.text}"`
          : `no dialog, on ${this.tab.url()}${shownOnce ? ` (before: "${shownOnce.name}" saying "${shownOnce.text}")` : ''}`;
        throw new Error(
          `${name}: the warning "${NL.inactivity.warning}" with the time left (${Math.round((endsAt.to - after) / 100) / 10} s) does not show, but ${seen}`,
        );
      }
      await pause(LOOK_EVERY_MS);
    }
  }

  /** `signingOut`: the warning has closed and the tab stays on Home while its sign-out runs (the provider answers later). */
  async expectSigningOut(name: string): Promise<void> {
    await this.expectNoWarning(name, 'the warning still shows while signing out');
    // Three looks' time on Home: long enough to see a leave that was under way, short of the sign-out's end.
    await pause(3 * LOOK_EVERY_MS);
    if (this.path() !== HOME) throw new Error(`${name}: left the page before the sign-out ended, for ${this.tab.url()}`);
  }

  /**
   * `signedOut`: the login page, saying why: "idle" after this tab's own
   * sign-out, "signed-out" after one elsewhere. The page is left once, so a
   * login page with the other reason on the way is a second page load.
   */
  async expectSignedOut(name: string, reason: 'idle' | 'signed-out'): Promise<void> {
    const end = Date.now() + SLOW_OUTCOME_MS;
    for (;;) {
      const url = new URL(this.tab.url());
      if (SIGNED_OUT.test(url.pathname + url.search)) {
        if (url.searchParams.get('reason') === reason) break;
        throw new Error(`${name}: the login page says "${url.searchParams.get('reason') ?? ''}", not "${reason}"`);
      }
      if (Date.now() > end) throw new Error(`${name}: not on the login page but on ${this.tab.url()}`);
      await pause(LOOK_EVERY_MS);
    }
    await this.tab.role('button', NL.login.signIn).waitFor();
    const says = reason === 'idle' ? NL.login.signedOutIdle : NL.login.signedOut;
    await this.tab
      .text(says)
      .waitFor()
      .catch(() => {
        throw new Error(`${name}: the login page does not say "${says}"`);
      });
  }

  private async expectNoWarning(name: string, failure: string): Promise<void> {
    const end = Date.now() + SOON_MS;
    while (await this.warningOpen()) {
      if (Date.now() > end) throw new Error(`${name}: ${failure}`);
      await pause(LOOK_EVERY_MS);
    }
  }

  /** "Ingelogd blijven" in another tab: its message on the inactivity channel (a second channel of the same name in this page hears as another tab). */
  async stayElsewhere(): Promise<Moment> {
    const from = await this.now();
    await this.post('session.inactivity', { type: 'stay', at: from });
    return { from, to: from };
  }

  /** Another tab has signed out: its message on the token channel. */
  signedOutElsewhere(): Promise<void> {
    return this.post('oidc.tokens', { type: 'signed-out', reason: 'signed-out' });
  }

  /** Another tab of the origin is signing out: it holds the sign-out's lock (here, for the page's life; Web Locks are the origin's, not the tab's). */
  async signOutLockHeldElsewhere(): Promise<void> {
    await this.tab.evaluate((lock) => {
      void navigator.locks.request(lock, () => new Promise(() => {}));
    }, SIGN_OUT_LOCK);
  }

  private post(channel: string, message: unknown): Promise<void> {
    return this.tab.evaluate(
      ([name, data]) => {
        const other = new BroadcastChannel(name as string);
        other.postMessage(data);
        other.close();
      },
      [channel, message] as const,
    );
  }
}
