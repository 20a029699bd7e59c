import type { Stack } from '../../../../devstack/stack.ts';
import { ANY_STEPS, THEN } from '../../../../scripts/paths/generate.ts';
import { stateKey, type MachineModel, type ModelPath, type PathStep } from '../../../../scripts/paths/model.ts';
import { SIGNED_IN_MARK } from '../../../../src/session/signedInMark.ts';
import { StaffModel } from '../../models/staff.model.ts';
import { EN, escaped, NL } from '../../models/texts.ts';
import { eventually } from '../../models/watch.ts';
import type { Tab } from '../../support/driver.ts';
import { abpSession, saveLanguage } from '../../support/stack.ts';
import { stepName } from './browserPaths.ts';
import type { HeldCall, Holding } from './held.ts';
import { minutes, OUTCOME_MS, pause, PRESENT_MS, QUIET_MS, seconds, SLOW_OUTCOME_MS } from '../../../support/limits.ts';

// The token machine's paths in a browser, one run per path, written once on
// the tab interface for every engine (the steps, the checks); the drivers
// (tokenDriver.ts) give each engine's page clock, held requests and popups.

/** The backend token's lifetime at the stack: five minutes, the model's `expires in 5 min`. */
export const TOKEN_STACK = { backendTokenTtl: 300 } as const;
const LIFETIME_MS = seconds(TOKEN_STACK.backendTokenTtl);
/** How long after the sign-in the working day ends, as appconfig names it, for the paths whose session ends soon: within the five minutes of the warning, before the renewal of the five-minute token. */
const SHORT_DAY_MINUTES = 3;
/** A working day further away than setTimeout can wait: 30 days. */
const FAR_DAY_MINUTES = 30 * 24 * 60;
/** The connectivity watch's first retry after the backend did not answer (RETRY_FIRST_MS in machines/connectivity.machine.ts). */
const CONNECTIVITY_RETRY_MS = seconds(2);
/** The renewal's retry after a provider that did not answer (renewRetry in machines/token.machine.ts). */
const RENEW_RETRY_MS = seconds(30);
/** How long a popup that looks closed may still hand over its callback before the app takes it as closed (src/signin/popup.lazy.ts). */
const POPUP_CLOSED_GRACE_MS = seconds(10);
/** The person's name in the header, where the person's menu opens. */
const ADMIN = 'Beheerder Admin';
/** The button the test puts in the page to open the second tab with a click. */
const OTHER_TAB_BUTTON = 'Tweede tabblad openen';
/** Where a page keeps how often it asked for a popup the browser blocked: its sessionStorage, which outlives the page's trip to the provider. */
const POPUPS_ASKED_KEY = '__popupsAsked';

/** The steps a browser can take as the model names them (the model's ADDED variants map to a sign-in with this stack, the clock moved where the variant says). */
const FEASIBLE_STEPS = new Set([
  'start (no token)',
  'ADDED (expires in 5 min)',
  'ADDED (expires in 30 s)',
  'ADDED (expires in 1 min)',
  'ADDED (session ends in 5 min)',
  'ADDED (session ends now)',
  'ADDED (session ends in 30 days)',
  'EXPIRED',
  'WAKE',
  'REMOVED',
  'SIGN_IN',
  'RETRY',
  'RENEWED (expires in 1 h)',
  'after renewBeforeExpiry',
  'after renewRetry',
  'after warnBeforeSessionEnd',
  'after sessionEnd',
  'done renewTokens (ok)',
  'error renewTokens (invalid_grant)',
  'error renewTokens (unreachable)',
  'done reauthenticate (success)',
  'done reauthenticate (canceled)',
  'done reauthenticate (terminal)',
  'done extend (success, new working day)',
  'done extend (canceled)',
  'done extend (terminal)',
]);

/** Whether a browser can carry out every step: each step is one it knows, ADDED as the path's one sign-in or (the token unchanged) start-up run again while the person is asked. (SIGN_IN needs no check of its own: the machine takes it only where the banner's button offers it.) */
export function tokenPathFeasible(path: ModelPath): boolean {
  // The other tab of a RENEWED is open from the sign-in on, and a clock moved or a wake would run its timers too.
  const otherTab = path.steps.some((step) => step.trigger === 'RENEWED');
  if (otherTab && path.steps.some((step) => step.kind === 'after' || step.trigger === 'WAKE')) return false;
  return path.steps.every((step, index) => {
    if (!FEASIBLE_STEPS.has(step.label)) return false;
    const before = index > 0 ? stateKey(path.steps[index - 1]!.state) : undefined;
    if (step.trigger === 'ADDED' && before !== 'idle' && !(before === 'signInRequired' && step.outcome === 'expires in 5 min'))
      return false;
    // One sign-in a path: the path's tab and its working day are the first ADDED's (a joined path ends where the tab is signed out).
    if (step.trigger === 'ADDED' && before === 'idle' && index !== 1) return false;
    // A refused refresh clears the refresh token, and a renewal without one fails before it asks the provider: no renewal
    // can be seen under way until a sign-in in the popup or another tab's renewal gave the tab tokens again.
    if (stateKey(step.state) === 'renewing' && refusedSince(path.steps.slice(0, index))) return false;
    return true;
  });
}

/** Whether a refresh was refused (its token cleared) in these steps and no new tokens came after it. */
function refusedSince(steps: readonly PathStep[]): boolean {
  const refused = steps.findLastIndex(
    (step) => step.kind === 'error' && step.trigger === 'renewTokens' && step.outcome === 'invalid_grant',
  );
  return (
    refused >= 0 &&
    !steps
      .slice(refused + 1)
      .some((step) => step.trigger === 'RENEWED' || (step.kind === 'done' && step.outcome?.startsWith('success') === true))
  );
}

/** The model with only the `through` entries a browser can take: those whose every step is one of FEASIBLE_STEPS (the others need a token without a refresh token, or a frame's answer). */
export function browserThrough(model: MachineModel): MachineModel {
  const feasible = (entry: string) => entry.split(THEN).every((label) => label === ANY_STEPS || FEASIBLE_STEPS.has(label));
  return { ...model, through: model.through?.filter(feasible) };
}

const TOKENS_KEY = 'oidc.tokens';
/** The banners of a token that does not work (renewFailed, reauthenticating or extending, signInRequired after a refused refresh or a closed popup). */
const ASKING_BANNERS = new RegExp(
  [NL.session.renewFailed, NL.session.pending, NL.session.expired, NL.session.popupClosed].map(escaped).join('|'),
);

/** What a popup's run comes to: let through at the provider, or closed by the person. */
export type PopupEnd = 'success' | 'closed';

/**
 * One token path in a browser. ADDED is a sign-in (the working day's end
 * as appconfig names it switched for the variants with one); EXPIRED a
 * backend 401 on the session call of "Over de applicatie" (the stack's
 * fault switch); the renewal's refresh request at the provider is held so
 * `renewing` can be seen, then passed, refused (`invalid_grant`) or
 * dropped; WAKE a `visibilitychange` after the page clock was moved (timers
 * keep their own schedule) to where the path's token says; a delay the page
 * clock run to its moment; RENEWED a second tab, opened from this one, that
 * renews after its own 401; REMOVED another tab's sign-out on the token
 * channel, which ends this tab's signed-in page; SIGN_IN the banner's
 * button, its popup's authorization held at the provider until the outcome:
 * passed (success), the popup closed (canceled) or, for `terminal`, blocked
 * (window.open gives null), when the page itself goes to the provider.
 */
export abstract class TokenRun {
  protected staff!: StaffModel;
  /** The refresh requests held while the path is to see `renewing`, in order of arrival. */
  protected readonly held: HeldCall[] = [];
  private other: StaffModel | undefined;
  private signedInAt = 0;
  private onAbout = false;
  /** Admin's language saved as English at the backend by this path (startUpAgain), not yet back to Dutch. */
  private keepsEnglish = false;
  private popupOpen = false;
  private authorizations: Holding | undefined;
  /**
   * The banner's click whose page goes to the provider itself (the popup
   * blocked): the WebKit tab's click ends with a script, which WebKit's
   * driver answers only once a navigation under way has loaded, and this one
   * is held until the next look lets it go.
   */
  private clicking: Promise<void> | undefined;

  constructor(
    protected readonly path: ModelPath,
    protected readonly stack: Stack,
  ) {}

  /** A tab in a fresh browser context, its page clock in place for every page it loads. */
  protected abstract open(): Promise<Tab>;
  /** The page clock runs `ms` on, every timer due by then run in order. */
  protected abstract runFor(ms: number): Promise<void>;
  /** The wall clock set (Date), the timers kept to their own schedule, as after a laptop slept. */
  protected abstract setSystemTime(ms: number): Promise<void>;
  /** From now on, while `holding`, every refresh request waits in `held`; otherwise refresh requests pass. */
  protected abstract holdRefreshes(holding: boolean): Promise<void>;
  /** From now on every authorization at the provider waits (the popup's, or the page's own), until released. */
  protected abstract holdAuthorizations(): Promise<Holding>;
  /** `click` makes the page open its sign-in popup, which is kept for `popupEnds`. */
  protected abstract openPopup(click: () => Promise<void>): Promise<void>;
  /** The popup's end: its authorization let through (then it closes by itself once signed in), or closed by the person. */
  protected abstract popupEnds(end: PopupEnd): Promise<void>;
  /** A second tab the page opens (window.open): it starts with a copy of this tab's sessionStorage. */
  protected abstract openedTab(open: () => Promise<void>): Promise<Tab>;
  /** Lets every held request go and closes what the run opened. */
  protected abstract finish(): Promise<void>;

  /**
   * Waits until the page has started its token lifecycle (its mark,
   * src/session/signedInMark.ts), which the app starts once the browser is
   * idle after the first signed-in page: until then the tab has no
   * tokenMachine to be `active`, and hears nothing on the token channel.
   */
  protected async lifecycleStarted(tab: Tab): Promise<void> {
    await eventually(
      () => tab.evaluate((mark) => performance.getEntriesByName(mark).length > 0, SIGNED_IN_MARK),
      `${this.path.id}: the token lifecycle did not start`,
      SLOW_OUTCOME_MS,
    );
  }

  async run(): Promise<void> {
    try {
      const [start, ...steps] = this.path.steps;
      if (start?.kind !== 'start') throw new Error(`${this.path.id}: no start step`);
      for (const [index, step] of steps.entries()) {
        const name = stepName(this.path, step);
        await this.perform(name, step, steps[index + 1]);
        await this.check(name, step);
      }
    } catch (error) {
      throw this.withWhatTabsShowed(error);
    } finally {
      await this.releaseAuthorizations().catch(() => undefined);
      await this.finish();
      this.stack.appConfigSwitch.reset();
      // A path that stopped between the two switches of language: admin keeps no language of his own again, as the stack had him.
      if (this.keepsEnglish) await saveLanguage(await abpSession(this.stack), 'nl');
    }
  }

  /** A failure with what each tab of the path logged and asked last: a long path's step depends on the steps before it. */
  private withWhatTabsShowed(error: unknown): unknown {
    if (!(error instanceof Error) || !this.staff) return error;
    const tabs = [
      ['the tab', this.staff.tab],
      ['the other tab', this.other?.tab],
    ] as const;
    const seen = tabs.flatMap(([which, tab]) => {
      if (!tab) return [];
      const logged = (tab.console ?? []).slice(-15).map((message) => `    ${message.type}: ${message.text}`);
      // Without the query: an address may carry a code or a token.
      const asked = tab.requests.slice(-15).map((request) => `    ${request.method} ${request.url.split('?')[0]}`);
      return [`  ${which} at ${tab.url().split('?')[0]}, logged last:`, ...logged, `  and asked last:`, ...asked];
    });
    error.message = `${error.message}\n${seen.join('\n')}`;
    return error;
  }

  private get tab(): Tab {
    return this.staff.tab;
  }

  private variant(): string {
    return this.path.steps[1]?.outcome ?? '';
  }

  private async perform(name: string, step: PathStep, next: PathStep | undefined): Promise<void> {
    // A renewal is seen only while its refresh request is held: hold the next one when the step leads to renewing.
    await this.holdRefreshes(stateKey(step.state) === 'renewing');
    switch (step.kind) {
      case 'event':
        switch (step.trigger) {
          case 'ADDED':
            return stateKey(this.path.steps[this.path.steps.indexOf(step) - 1]!.state) === 'idle' ? this.signIn() : this.startUpAgain();
          case 'RETRY':
            return this.backendBack(name);
          case 'EXPIRED':
            return this.refusedOnce(name);
          case 'WAKE':
            return this.wake();
          case 'REMOVED':
            return this.signedOutElsewhere();
          case 'RENEWED':
            return this.renewedElsewhere(name);
          case 'SIGN_IN':
            return this.signInAgain(name, next);
          default:
            throw new Error(`${name}: no browser action for ${step.trigger}`);
        }
      case 'after':
        return this.wait(step.trigger);
      case 'done':
      case 'error':
        if (step.trigger === 'renewTokens') return this.answerRenewal(name, step);
        return this.endPopup(name, step);
      default:
        throw new Error(`${name}: no browser action for ${step.kind} ${step.trigger}`);
    }
  }

  /** ADDED: a sign-in, with the working day the variant names. */
  private async signIn(): Promise<void> {
    const variant = this.variant();
    const day =
      variant === 'session ends in 30 days' ? FAR_DAY_MINUTES : variant.startsWith('session ends') ? SHORT_DAY_MINUTES : undefined;
    if (day !== undefined) this.stack.appConfigSwitch.set({ auth: { ...this.stack.appConfig.auth, refreshTokenLifetimeMinutes: day } });
    this.staff = new StaffModel(await this.open(), this.stack);
    await this.staff.signInToHome();
    this.signedInAt = await this.now();
    await this.lifecycleStarted(this.tab);
    if (this.path.steps.some((step) => step.trigger === 'RENEWED')) await this.openOtherTab();
  }

  private now(): Promise<number> {
    return this.tab.evaluate(() => Date.now());
  }

  private async sessionEndsAt(): Promise<number> {
    const raw = (await this.tab.sessionStorage())[TOKENS_KEY];
    const ends = raw ? (JSON.parse(raw) as { sessionEndsAt?: number }).sessionEndsAt : undefined;
    if (ends === undefined) throw new Error(`${this.path.id}: no end of the working day stored`);
    return ends;
  }

  /** "Over de applicatie" in the person's menu. */
  private async openAbout(staff: StaffModel): Promise<void> {
    await staff.openUserMenu(ADMIN);
    await staff.tab.role('link', NL.shell.about).click();
    await staff.tab.role('heading', NL.shell.about).waitFor();
  }

  /** EXPIRED: the backend answers the session call of "Over de applicatie" with 401, once. */
  private async refusedOnce(name: string): Promise<void> {
    await this.tabsSettled(name);
    this.stack.faults.set('Session', { status: 401, times: 1 });
    await this.backHome();
    await this.openAbout(this.staff);
    this.onAbout = true;
  }

  /** WAKE: the wall clock moved to where the variant's token stands (timers keep their schedule), then the tab is visible again. */
  private async wake(): Promise<void> {
    const variant = this.variant();
    const expiresAt = this.signedInAt + LIFETIME_MS;
    if (variant === 'expires in 30 s') await this.setSystemTime(expiresAt - seconds(30));
    else if (variant === 'expires in 1 min') await this.setSystemTime(expiresAt - minutes(1));
    else if (variant === 'session ends now') await this.setSystemTime((await this.sessionEndsAt()) + seconds(1));
    await this.tab.evaluate(() => void document.dispatchEvent(new Event('visibilitychange')));
  }

  /** A delay: the page clock runs to its moment. */
  private async wait(trigger: string): Promise<void> {
    const now = await this.now();
    switch (trigger) {
      case 'renewBeforeExpiry':
        return this.runFor(Math.max(1, this.signedInAt + LIFETIME_MS - minutes(1) - now + seconds(1)));
      case 'renewRetry':
        return this.runFor(RENEW_RETRY_MS + seconds(1));
      case 'warnBeforeSessionEnd':
        // Due at once: the day ends within the warning's five minutes.
        return this.runFor(seconds(1));
      case 'sessionEnd':
        return this.runFor(Math.max(1, (await this.sessionEndsAt()) - now + seconds(1)));
      default:
        throw new Error(`${this.path.id}: no browser delay for ${trigger}`);
    }
  }

  /** The held refresh request: passed, refused as the provider refuses a refresh token (400 `invalid_grant`, the stack's fault), or dropped. */
  private async answerRenewal(name: string, step: PathStep): Promise<void> {
    const held = this.held.shift();
    if (!held) throw new Error(`${name}: no refresh request held`);
    if (step.kind === 'done') return held.pass();
    if (step.outcome === 'invalid_grant') {
      this.stack.faults.set('token', { status: 400, times: 1 });
      return held.pass();
    }
    return this.dropRefresh(held);
  }

  /** The provider does not answer the refresh request. */
  protected dropRefresh(held: HeldCall): Promise<void> {
    return held.drop();
  }

  /** REMOVED: another tab signed out (its message on the token channel). */
  private async signedOutElsewhere(): Promise<void> {
    await this.tab.evaluate((channel) => {
      const other = new BroadcastChannel(channel);
      other.postMessage({ type: 'signed-out', reason: 'signed-out' });
      other.close();
    }, TOKENS_KEY);
  }

  /**
   * ADDED while the person is asked: start-up runs again with the backend
   * token still held, as a switch of language makes it (to English and
   * back, since ABP keeps the language per person).
   */
  private async startUpAgain(): Promise<void> {
    // Home greets in the language start-up settled on.
    await this.backHome();
    this.keepsEnglish = true;
    await this.staff.openUserMenu(ADMIN);
    await this.tab.label(NL.shell.language).choose('English');
    await this.tab.role('heading', EN.shell.welcome).waitFor();
    await this.staff.openUserMenu(ADMIN);
    await this.tab.label(EN.shell.language).choose('Nederlands');
    await this.tab.role('heading', NL.shell.welcome).waitFor();
    this.keepsEnglish = false;
  }

  /** This tab back Home from "Over de applicatie", where a step left it (`homeAgain`). */
  private async backHome(): Promise<void> {
    if (!this.onAbout) return;
    await homeAgain(this.tab);
    this.onAbout = false;
  }

  /**
   * RETRY: the backend did not answer one request (the session call of
   * "Over de applicatie", its connection dropped by the stack), and is found
   * reachable again at the connectivity watch's first retry, 2 s later by
   * the page clock (the renewal's own retry waits 30 s).
   */
  private async backendBack(name: string): Promise<void> {
    await this.tabsSettled(name);
    const gate = this.stack.holds.hold('Session');
    try {
      await this.backHome();
      await this.staff.openUserMenu(ADMIN);
      await this.tab.role('link', NL.shell.about).click();
      this.onAbout = true;
      (await gate.next(OUTCOME_MS)).drop();
      // A browser may ask once more on a connection of its own before it gives up: that one is dropped too.
      void gate
        .next(QUIET_MS)
        .then((again) => again.drop())
        .catch(() => undefined);
      await this.tab
        .text(NL.connection.unreachable)
        .waitFor()
        .catch(() => {
          throw new Error(`${name}: the page does not show "${NL.connection.unreachable}"`);
        });
    } finally {
      gate.release();
    }
    await this.runFor(CONNECTIVITY_RETRY_MS + seconds(1));
  }

  /** The second tab, opened from this one (it starts with a copy of the provider's tokens, as a tab opened from another does). */
  private async openOtherTab(): Promise<void> {
    // A click, as a person's: a browser blocks a window a script opens by itself (WebKit's). A window, not a tab, as
    // the two tabs of the other tests are (Tab.openTab): a tab would hide this one in Firefox, whose hidden page gets
    // no animation frames and timers throttled to one a second, so every click there took seconds (EXPIRED 16 s).
    const open = async () => {
      await this.tab.evaluate((label) => {
        const button = document.createElement('button');
        button.textContent = label;
        button.addEventListener('click', () => {
          button.remove();
          window.open('/app/home', '_blank', 'popup');
        });
        document.body.prepend(button);
      }, OTHER_TAB_BUTTON);
      await this.tab.role('button', OTHER_TAB_BUTTON).click();
    };
    const tab = await this.openedTab(open);
    this.other = new StaffModel(tab, this.stack);
    await tab.role('heading', NL.shell.welcome).waitFor(SLOW_OUTCOME_MS);
    await this.lifecycleStarted(tab);
  }

  /**
   * Until no tab of the path asks for anything new, before the backend's
   * answer to the next session call is switched: a tab may still be asking
   * for its session after the step before (a sign-in in the popup or a
   * renewal reloads "Over de applicatie"), and would take that answer.
   */
  private async tabsSettled(name: string): Promise<void> {
    await Promise.all([this.tab, this.other?.tab].flatMap((tab) => (tab ? [this.requestsSettled(tab, name)] : [])));
  }

  /** Until the tab has asked for nothing new for `QUIET_MS`. */
  private async requestsSettled(tab: Tab, name: string): Promise<void> {
    const end = Date.now() + SLOW_OUTCOME_MS;
    for (let asked = -1; asked !== tab.requests.length; await pause(QUIET_MS)) {
      if (Date.now() > end) throw new Error(`${name}: the tab keeps asking`);
      asked = tab.requests.length;
    }
  }

  /** RENEWED: the other tab renews after a 401 of its own; this one hears of it. */
  private async renewedElsewhere(name: string): Promise<void> {
    const other = this.other;
    if (!other) throw new Error(`${name}: no other tab`);
    const before = this.stack.refreshGrants.length;
    // Only the other tab asks for the session now: the backend's 401 is its own.
    await this.tabsSettled(name);
    this.stack.faults.set('Session', { status: 401, times: 1 });
    // "Over de applicatie" asks for the session when it opens: from Home, where an earlier RENEWED left it there.
    if (new URL(other.tab.url()).pathname === '/app/about') await homeAgain(other.tab);
    await this.openAbout(other);
    await eventually(() => this.stack.refreshGrants.length > before, `${name}: the other tab did not renew`, SLOW_OUTCOME_MS);
  }

  /** SIGN_IN: the banner's button; the authorization is held at the provider until the next step's outcome. */
  private async signInAgain(name: string, next: PathStep | undefined): Promise<void> {
    this.authorizations = await this.holdAuthorizations();
    const click = () => this.tab.role('button', NL.session.signInAgain).click();
    if (next?.outcome === 'terminal') {
      // Blocked: window.open gives null, and the page notes each time it was asked (the page itself goes to the provider next).
      await this.tab.evaluate((key) => {
        window.open = () => {
          sessionStorage.setItem(key, String(Number(sessionStorage.getItem(key) ?? '0') + 1));
          return null;
        };
      }, POPUPS_ASKED_KEY);
      this.clicking = click();
      // Its failure is met where the click is awaited, in the next look (expectPopup).
      this.clicking.catch(() => undefined);
      return;
    }
    await this.openPopup(click).catch((error: Error) => {
      throw new Error(`${name}: no popup (${error.message})`);
    });
    this.popupOpen = true;
  }

  /** The popup's outcome: let through (success), closed by the person (canceled); `terminal` was the blocked popup. */
  private async endPopup(name: string, step: PathStep): Promise<void> {
    const outcome = step.outcome ?? '';
    if (outcome === 'terminal') return;
    if (!this.popupOpen) throw new Error(`${name}: no popup open`);
    this.popupOpen = false;
    if (outcome.startsWith('success')) {
      await this.passAuthorization(name);
      await this.popupEnds('success').catch((error: Error) => {
        throw new Error(`${name}: the popup did not close after the sign-in (${error.message})`);
      });
      return;
    }
    await this.popupEnds('closed');
    await this.releaseAuthorizations();
    // The app waits a while for a callback from a popup that looks closed, from when it first sees it closed (it looks
    // every half second, and a browser may tell it a moment after the window went): the clock runs a second at a time
    // until the app is done waiting, for at most twice that while.
    for (let waited = 0; waited <= 2 * POPUP_CLOSED_GRACE_MS; waited += seconds(1)) {
      await this.runFor(seconds(1));
      if (waited >= POPUP_CLOSED_GRACE_MS && !(await this.bannerShown(NL.session.pending))) return;
    }
  }

  /** The sign-in's authorization let through, and the ones after it (the provider's session answers them at once). */
  private async passAuthorization(name: string): Promise<void> {
    if (!this.authorizations) throw new Error(`${name}: no authorization held`);
    const authorization = await this.authorizations.next();
    await authorization.pass();
    await this.releaseAuthorizations();
  }

  private async releaseAuthorizations(): Promise<void> {
    await this.authorizations?.release();
    this.authorizations = undefined;
  }

  // What the person sees after each step.

  private async check(name: string, step: PathStep): Promise<void> {
    const state = stateKey(step.state);
    if (state === 'idle') return this.expectSignedOut(name);
    if (state === 'renewing') return this.expectRenewing(name);
    if (state === 'renewFailed') return this.expectBanner(name, NL.session.renewFailed, true);
    if (state === 'signInRequired') {
      // The banner says why: the popup closed before the sign-in was done, or the session's end.
      const closed = step.kind === 'done' && step.trigger === 'reauthenticate' && step.outcome === 'canceled';
      await this.expectBanner(name, closed ? NL.session.popupClosed : NL.session.expired, true);
      await eventually(
        () =>
          this.tab.evaluate(
            (text) => [...document.querySelectorAll('.banner button')].some((button) => button.textContent === text),
            NL.session.signInAgain,
          ),
        `${name}: the banner has no "${NL.session.signInAgain}"`,
      );
      if (step.kind === 'error' && step.trigger === 'renewTokens' && (await this.staff.refreshToken()) !== undefined)
        throw new Error(`${name}: a refused refresh keeps the refresh token`);
      return;
    }
    if (state === 'reauthenticating' || state === 'extending') return this.expectPopup(name);
    if (state === 'redirecting') return this.expectRedirect(name);
    if (state === '{active:endingSoon}') return this.expectBanner(name, /^Je sessie eindigt om \d{2}:\d{2}\./, true);
    return this.expectQuiet(name, step);
  }

  /**
   * The sign-in in the popup: "Log in via het pop-upvenster…" while it is
   * open. A popup the browser blocks ends the step at once (the page goes to
   * the provider, the next step): there the popup was asked for, once.
   */
  private async expectPopup(name: string): Promise<void> {
    if (this.popupOpen) return this.expectBanner(name, NL.session.pending, true);
    // The page's own way to the provider, let go at once: a driver may wait for a navigation under way before it reads the page (WebKit's).
    // The click is awaited beside it: a click that failed ends the step with its own error at once.
    const clicking = this.clicking;
    this.clicking = undefined;
    await Promise.all([
      this.passAuthorization(name).catch((error: Error) => {
        throw new Error(`${name}: the page did not go to the provider's sign-in (${error.message})`);
      }),
      clicking,
    ]);
    // Kept in the app's sessionStorage, read once the page is back from the provider.
    await eventually(
      async () => (await this.tab.sessionStorage().catch(() => ({}) as Record<string, string>))[POPUPS_ASKED_KEY] === '1',
      `${name}: the page did not ask for exactly one popup`,
      SLOW_OUTCOME_MS,
    );
  }

  /** Whether a banner with this text shows now. */
  private bannerShown(text: string | RegExp): Promise<boolean> {
    return this.tab.evaluate(
      (source) =>
        [...document.querySelectorAll('.banner')].some(
          (banner) => banner.getClientRects().length > 0 && new RegExp(source).test(banner.textContent ?? ''),
        ),
      typeof text === 'string' ? escaped(text) : text.source,
    );
  }

  private async expectBanner(name: string, text: string | RegExp, shown: boolean): Promise<void> {
    await eventually(
      async () => (await this.bannerShown(text)) === shown,
      `${name}: the page ${shown ? 'does not show' : 'still shows'} "${String(text)}"`,
    );
  }

  /** A renewal in flight: its refresh request held, and only one. */
  private async expectRenewing(name: string): Promise<void> {
    await eventually(() => this.held.length > 0, `${name}: no refresh request`);
    await pause(QUIET_MS);
    if (this.held.length !== 1) throw new Error(`${name}: ${this.held.length} refresh requests in flight`);
    await this.expectBanner(name, NL.session.expired, false);
  }

  /** The token working: no banner but the working day's, the page kept, and no refresh request left waiting. */
  private async expectQuiet(name: string, step: PathStep): Promise<void> {
    await this.expectBanner(name, ASKING_BANNERS, false);
    if ((await this.staff.backendToken()) === undefined) throw new Error(`${name}: no backend token`);
    if (step.kind === 'event' && step.trigger === 'WAKE') {
      // Woken before the token is due: no renewal.
      const refreshes = this.stack.refreshGrants.length;
      await pause(QUIET_MS);
      if (this.held.length > 0 || this.stack.refreshGrants.length !== refreshes)
        throw new Error(`${name}: woken before the token was due, the tab renews`);
    }
    if (step.trigger === 'ADDED' && this.variant() === 'session ends in 30 days') {
      // A wait longer than setTimeout's would fire at once: the warning must not come.
      await this.runFor(seconds(5));
      const announced = await this.tab.evaluate(() =>
        [...document.querySelectorAll('[role=alert]')].some((alert) => alert.getClientRects().length > 0),
      );
      if (announced) throw new Error(`${name}: a working day of 30 days is announced at once`);
    }
  }

  /** Signed out elsewhere: this tab leaves for the login page, forgets the provider's tokens, and renews no more. */
  private async expectSignedOut(name: string): Promise<void> {
    await this.tab
      .waitForUrl((url) => url.pathname === '/account/login' && url.searchParams.get('reason') === 'signed-out')
      .catch(() => {
        throw new Error(`${name}: the tab stays at ${this.tab.url()} after the sign-out elsewhere`);
      });
    const refreshes = this.stack.refreshGrants.length;
    if ((await this.staff.refreshToken()) !== undefined) throw new Error(`${name}: the signed-out tab keeps the refresh token`);
    await pause(QUIET_MS);
    if (this.stack.refreshGrants.length !== refreshes) throw new Error(`${name}: the signed-out tab renews`);
  }

  /** The popup could not open: the page went to the provider as a whole (expectPopup saw it go), and, its session still there, comes back signed in to the page it left. */
  private async expectRedirect(name: string): Promise<void> {
    const [path, heading] = this.onAbout ? ['/app/about', NL.shell.about] : ['/app/home', NL.shell.welcome];
    await this.tab
      .role('heading', heading)
      .waitFor(SLOW_OUTCOME_MS)
      .catch(() => {
        throw new Error(`${name}: back from the provider, the page shows no "${heading}" (at ${this.tab.url()})`);
      });
    await this.tab.waitForUrl((url) => url.pathname === path, PRESENT_MS);
  }
}

/** Back to Home in the page's history (no reload), so "Over de applicatie" asks for the session again when it opens. */
async function homeAgain(tab: Tab): Promise<void> {
  await tab.evaluate(() => history.back());
  await tab.role('heading', NL.shell.welcome).waitFor();
}

/** Requests as they arrive, taken in order (`next` waits for one up to its limit). */
export class Arrivals<T> {
  private readonly waiting: T[] = [];
  private readonly takers: ((value: T) => void)[] = [];

  add(value: T): void {
    const taker = this.takers.shift();
    if (taker) taker(value);
    else this.waiting.push(value);
  }

  next(timeout = OUTCOME_MS): Promise<T> {
    const first = this.waiting.shift();
    if (first !== undefined) return Promise.resolve(first);
    return new Promise((resolve, reject) => {
      const taker = (value: T) => {
        clearTimeout(timer);
        resolve(value);
      };
      const timer = setTimeout(() => {
        this.takers.splice(this.takers.indexOf(taker), 1);
        reject(new Error(`nothing arrived within ${timeout} ms`));
      }, timeout);
      this.takers.push(taker);
    });
  }

  /** What arrived and was not taken. */
  rest(): T[] {
    return this.waiting.splice(0);
  }
}
