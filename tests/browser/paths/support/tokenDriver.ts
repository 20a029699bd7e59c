import type { BrowserContext, Page, Route } from 'playwright-core';
import { oktaEndpoint } from '../../../../devstack/provider/oidc.ts';
import { ANY_STEPS, THEN } from '../../../../scripts/paths/generate.ts';
import { stateKey, type MachineModel, type ModelPath, type PathStep } from '../../../../scripts/paths/model.ts';
import { AppModel } from '../../models/app.model.ts';
import { EN, escaped, NL } from '../../models/texts.ts';
import { eventually } from '../../models/watch.ts';
import type { BrowserEnv } from '../../support/env.ts';
import { abpSession, saveLanguage } from '../../support/stack.ts';
import { Session } from '../../../../src/endpoints/endpointTable.ts';
import { sees, stepName, type BrowserDriver } from './browserPaths.ts';
import {
  CALLBACK_OUTCOME_MS,
  minutes,
  OUTCOME_MS,
  pause,
  PRESENT_MS,
  QUIET_MS,
  seconds,
  SLOW_OUTCOME_MS,
} from '../../../support/limits.ts';

// The token machine's paths in Chromium, on the page clock of the whole
// context: no real lifetime is waited, the clock is moved to where the path's
// step says.

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

/** Whether a browser can carry out every step: each step is one it knows, ADDED as the sign-in or (the token unchanged) start-up run again while the person is asked. (SIGN_IN needs no check of its own: the machine takes it only where the banner's button offers it.) */
export function tokenPathFeasible(path: ModelPath): boolean {
  return path.steps.every((step, index) => {
    if (!FEASIBLE_STEPS.has(step.label)) return false;
    const before = index > 0 ? stateKey(path.steps[index - 1]!.state) : undefined;
    if (step.trigger === 'ADDED' && before !== 'idle' && !(before === 'signInRequired' && step.outcome === 'expires in 5 min'))
      return false;
    return true;
  });
}

export const tokenDriver: BrowserDriver = {
  feasible: tokenPathFeasible,
  run: async (path, env) => {
    const run = new ChromiumTokenRun(path, env);
    try {
      await run.run();
    } finally {
      await run.close();
    }
  },
};

const TOKENS_KEY = 'oidc.tokens';
/** The banners of a token that does not work (renewFailed, reauthenticating or extending, signInRequired after a refused refresh or a closed popup). */
const ASKING_BANNERS = new RegExp(
  [NL.session.renewFailed, NL.session.pending, NL.session.expired, NL.session.popupClosed].map(escaped).join('|'),
);
/** The page's binding that counts the popups it asked for while they are blocked. */
const POPUP_ASKED = 'popupAsked';
/** The chunk that starts a signed-in page's token lifecycle (src/session/signedIn.lazy.ts, started from src/start.tsx). */
const SIGNED_IN_CHUNK = /\/assets\/signedIn\.lazy-[^/]+\.js$/;

/**
 * One token path in Chromium. ADDED is a sign-in (the working day's end
 * as appconfig names it switched for the variants with one); EXPIRED a
 * backend 401 on the session call of "Over de applicatie" (the stack's
 * fault switch); the renewal's refresh request at the provider is held so
 * `renewing` can be seen, then passed, refused (`invalid_grant`) or
 * dropped; WAKE a `visibilitychange` after the page clock was moved (timers
 * keep their own schedule) to where the path's token says; a delay the page
 * clock run to its moment; RENEWED a second tab, opened from this one, that
 * renews after its own 401; REMOVED another tab's sign-out on the token
 * channel, which ends this tab's signed-in page; SIGN_IN the banner's
 * button, its popup held at the provider until the outcome: passed
 * (success), closed (canceled) or, for `terminal`, blocked (window.open
 * gives null, as in my-account.e2e.ts).
 */
class ChromiumTokenRun {
  private app!: AppModel;
  private other: AppModel | undefined;
  private popup: Page | undefined;
  private readonly held: Route[] = [];
  /** Refresh requests are held only while a renewal is to be seen; the sign-in's code exchanges always pass. */
  private holding = false;
  private refreshes = 0;
  /** How often the page asked for a popup the browser blocked (SIGN_IN before `terminal`). */
  private popupsAsked = 0;
  /** The signed-in chunk's address, by the page that fetched it. */
  private readonly signedInChunk = new Map<Page, string>();
  private signedInAt = 0;
  private onAbout = false;
  /** Admin's language saved as English at the backend by this path (startUpAgain), not yet back to Dutch. */
  private keepsEnglish = false;
  private redirected = false;

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

  async close(): Promise<void> {
    this.holding = false;
    this.popupGate.resolve();
    for (const route of this.held.splice(0)) await route.abort('failed').catch(() => undefined);
    this.env.stack.appConfigSwitch.reset();
    // A path that stopped between the two switches of language: admin keeps no language of his own again, as the stack had him.
    if (this.keepsEnglish) await saveLanguage(await abpSession(this.env.stack), 'nl');
  }

  async run(): Promise<void> {
    const [start, ...steps] = this.path.steps;
    if (start?.kind !== 'start') throw new Error(`${this.path.id}: no start step`);
    for (const [index, step] of steps.entries()) {
      const name = stepName(this.path, step);
      await this.perform(name, step, steps[index + 1]);
      await this.check(name, step);
    }
  }

  private variant(): string {
    return this.path.steps[1]?.outcome ?? '';
  }

  private async perform(name: string, step: PathStep, next: PathStep | undefined): Promise<void> {
    // A renewal is seen only while its refresh request is held: hold the next one when the step leads to renewing.
    this.holding = stateKey(step.state) === 'renewing';
    switch (step.kind) {
      case 'event':
        switch (step.trigger) {
          case 'ADDED':
            return stateKey(this.path.steps[this.path.steps.indexOf(step) - 1]!.state) === 'idle' ? this.signIn() : this.startUpAgain();
          case 'RETRY':
            return this.backendBack(name);
          case 'EXPIRED':
            return this.refusedOnce();
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
    if (day !== undefined)
      this.env.stack.appConfigSwitch.set({ auth: { ...this.env.stack.appConfig.auth, refreshTokenLifetimeMinutes: day } });
    await this.context.clock.install();
    this.app = await AppModel.newPage(this.env.watched);
    this.context.on('response', (response) => {
      if (SIGNED_IN_CHUNK.test(new URL(response.url()).pathname)) this.signedInChunk.set(response.frame().page(), response.url());
    });
    await this.page.route(oktaEndpoint(this.env.stack.urls.signInIssuer, 'token'), (route) => this.tokenRequest(route));
    await this.app.person.signInToHome();
    this.signedInAt = await this.now();
    await this.lifecycleStarted(this.page);
    if (this.path.steps.some((step) => step.trigger === 'RENEWED')) await this.openOtherTab();
  }

  /**
   * Waits until the page has started its token lifecycle, which the app
   * starts once the browser is idle after the first signed-in page: until
   * then the tab has no tokenMachine to be `active`, and hears nothing on
   * the token channel. Seen as the signed-in chunk the page fetched, then
   * imported again in the page, one task later than the app's own import
   * ran its start (synchronous once the module is in).
   */
  private async lifecycleStarted(page: Page): Promise<void> {
    await eventually(() => this.signedInChunk.has(page), `${this.path.id}: the token lifecycle was not loaded`, SLOW_OUTCOME_MS);
    // As text: the test's own transform would rewrite an import() written in a function.
    await page.evaluate(
      `import(${JSON.stringify(this.signedInChunk.get(page))}).then(() => new Promise((resolve) => {
        const task = new MessageChannel();
        task.port1.onmessage = () => resolve();
        task.port2.postMessage(undefined);
      }))`,
    );
  }

  private async tokenRequest(route: Route): Promise<void> {
    const grant = new URLSearchParams(route.request().postData() ?? '').get('grant_type');
    if (grant !== 'refresh_token') return route.continue();
    this.refreshes += 1;
    if (this.holding) this.held.push(route);
    else await route.continue();
  }

  private now(): Promise<number> {
    return this.page.evaluate(() => Date.now());
  }

  private async sessionEndsAt(): Promise<number> {
    const ends = await this.page.evaluate(
      (key) => (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { sessionEndsAt?: number }).sessionEndsAt,
      TOKENS_KEY,
    );
    if (ends === undefined) throw new Error(`${this.path.id}: no end of the working day stored`);
    return ends;
  }

  /** EXPIRED: the backend answers the session call of "Over de applicatie" with 401, once. */
  private async refusedOnce(): Promise<void> {
    this.env.stack.faults.set('Session', { status: 401, times: 1 });
    await this.backHome();
    await this.app.openAbout();
    this.onAbout = true;
  }

  /** WAKE: the wall clock moved to where the variant's token stands (timers keep their schedule), then the tab is visible again. */
  private async wake(): Promise<void> {
    const variant = this.variant();
    const expiresAt = this.signedInAt + LIFETIME_MS;
    if (variant === 'expires in 30 s') await this.context.clock.setSystemTime(expiresAt - seconds(30));
    else if (variant === 'expires in 1 min') await this.context.clock.setSystemTime(expiresAt - minutes(1));
    else if (variant === 'session ends now') await this.context.clock.setSystemTime((await this.sessionEndsAt()) + seconds(1));
    await this.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  }

  /** A delay: the page clock runs to its moment. */
  private async wait(trigger: string): Promise<void> {
    const now = await this.now();
    switch (trigger) {
      case 'renewBeforeExpiry':
        return this.context.clock.runFor(Math.max(1, this.signedInAt + LIFETIME_MS - minutes(1) - now + seconds(1)));
      case 'renewRetry':
        return this.context.clock.runFor(RENEW_RETRY_MS + seconds(1));
      case 'warnBeforeSessionEnd':
        // Due at once: the day ends within the warning's five minutes.
        return this.context.clock.runFor(seconds(1));
      case 'sessionEnd':
        return this.context.clock.runFor(Math.max(1, (await this.sessionEndsAt()) - now + seconds(1)));
      default:
        throw new Error(`${this.path.id}: no browser delay for ${trigger}`);
    }
  }

  /** The held refresh request: passed, refused as the provider refuses a refresh token, or dropped. */
  private async answerRenewal(name: string, step: PathStep): Promise<void> {
    const route = this.held.shift();
    if (!route) throw new Error(`${name}: no refresh request held`);
    if (step.kind === 'done') return route.continue();
    if (step.outcome === 'invalid_grant') {
      return route.fulfill({
        status: 400,
        json: { error: 'invalid_grant', error_description: 'grant request is invalid' },
        headers: { 'Access-Control-Allow-Origin': this.env.stack.urls.app },
      });
    }
    return route.abort('connectionrefused');
  }

  /** REMOVED: another tab signed out (its message on the token channel). */
  private async signedOutElsewhere(): Promise<void> {
    await this.page.evaluate((channel) => {
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
    await this.app.chooseLanguage('en');
    await this.app.waitForHeading(EN.shell.welcome);
    await this.app.chooseLanguage('nl');
    await this.app.waitForHeading(NL.shell.welcome);
    this.keepsEnglish = false;
  }

  /** Back to Home in the page's history (no reload) from "Over de applicatie", so it asks for the session again when opened. */
  private async backHome(): Promise<void> {
    if (!this.onAbout) return;
    await this.page.goBack();
    await this.app.waitForHeading(NL.shell.welcome);
    this.onAbout = false;
  }

  /**
   * RETRY: the backend did not answer one request (the session call of
   * "Over de applicatie", its connection refused in the browser: a socket the
   * stack drops is one Chromium quietly asks again on), and is found
   * reachable again at the connectivity watch's first retry, 2 s later by
   * the page clock (the renewal's own retry waits 30 s).
   */
  private async backendBack(name: string): Promise<void> {
    const session = new URL(Session.path, `${this.env.stack.urls.api}/`).href;
    await this.page.route(
      (url) => url.href.startsWith(session),
      (route) => route.abort('connectionrefused'),
      { times: 1 },
    );
    await this.backHome();
    await this.app.openAbout();
    this.onAbout = true;
    await sees(
      this.page.getByRole('region', { name: NL.connection.region }).getByText(NL.connection.unreachable),
      `"${NL.connection.unreachable}"`,
    ).catch((error: Error) => {
      throw new Error(`${name}: ${error.message}`);
    });
    await this.context.clock.runFor(CONNECTIVITY_RETRY_MS + seconds(1));
  }

  /** The second tab, opened from this one (it starts with a copy of the provider's tokens, as a tab opened from another does). */
  private async openOtherTab(): Promise<void> {
    const [opened] = await Promise.all([
      this.context.waitForEvent('page'),
      this.page.evaluate(() => void window.open('/app/home', '_blank')),
    ]);
    this.other = new AppModel(opened, this.env.watched);
    await this.other.waitForHeading(NL.shell.welcome);
    await this.lifecycleStarted(opened);
  }

  /** RENEWED: the other tab renews after a 401 of its own; this one hears of it. */
  private async renewedElsewhere(name: string): Promise<void> {
    const other = this.other;
    if (!other) throw new Error(`${name}: no other tab`);
    const before = this.env.stack.refreshGrants.length;
    // Only the other tab asks for the session now: the backend's 401 is its own.
    this.env.stack.faults.set('Session', { status: 401, times: 1 });
    await other.openAbout();
    await eventually(() => this.env.stack.refreshGrants.length > before, `${name}: the other tab did not renew`, SLOW_OUTCOME_MS);
  }

  /** SIGN_IN: the banner's button; the popup is held at the provider until the next step's outcome. */
  private async signInAgain(name: string, next: PathStep | undefined): Promise<void> {
    if (next?.outcome === 'terminal') {
      // Blocked: window.open gives null, and the page says each time it was asked (the page itself goes to the provider next).
      await this.page.exposeFunction(POPUP_ASKED, () => (this.popupsAsked += 1));
      await this.page.evaluate((asked) => {
        window.open = () => {
          void (window as unknown as Record<string, () => Promise<void>>)[asked]!();
          return null;
        };
      }, POPUP_ASKED);
      const authorize = oktaEndpoint(this.env.stack.urls.signInIssuer, 'authorize');
      this.page.on('request', (request) => {
        if (request.isNavigationRequest() && request.frame() === this.page.mainFrame() && request.url().startsWith(authorize))
          this.redirected = true;
      });
      await this.page.getByRole('button', { name: NL.session.signInAgain }).click();
      return;
    }
    const authorize = oktaEndpoint(this.env.stack.urls.signInIssuer, 'authorize');
    await this.context.route(
      (url) => url.href.startsWith(authorize),
      async (route) => {
        if (route.request().frame().page() === this.page) return route.continue();
        await this.popupGate.promise;
        await route.continue().catch(() => undefined);
      },
    );
    const [popup] = await Promise.all([
      this.context.waitForEvent('page', { timeout: OUTCOME_MS }),
      this.page.getByRole('button', { name: NL.session.signInAgain }).click(),
    ]);
    this.popup = popup;
    if (!popup) throw new Error(`${name}: no popup`);
  }

  private readonly popupGate = deferred();

  /** The popup's outcome: let through (success), closed by the person (canceled); `terminal` was the blocked popup. */
  private async endPopup(name: string, step: PathStep): Promise<void> {
    const outcome = step.outcome ?? '';
    if (outcome === 'terminal') return;
    const popup = this.popup;
    if (!popup) throw new Error(`${name}: no popup open`);
    if (outcome.startsWith('success')) {
      this.popupGate.resolve();
      await popup.waitForEvent('close', { timeout: CALLBACK_OUTCOME_MS }).catch(() => undefined);
      if (!popup.isClosed()) throw new Error(`${name}: the popup did not close after the sign-in`);
      return;
    }
    await popup.close();
    // The app waits a while for a callback from a popup that looks closed.
    await this.context.clock.runFor(POPUP_CLOSED_GRACE_MS + seconds(1));
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
      await sees(this.page.locator('.banner').getByRole('button', { name: NL.session.signInAgain }), `"${NL.session.signInAgain}"`).catch(
        (error: Error) => {
          throw new Error(`${name}: ${error.message}`);
        },
      );
      if (step.kind === 'error' && step.trigger === 'renewTokens' && (await this.app.person.refreshToken()) !== undefined)
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
    if (this.popup) return this.expectBanner(name, NL.session.pending, true);
    await eventually(() => this.popupsAsked === 1, `${name}: the page did not ask for exactly one popup`, OUTCOME_MS);
  }

  private async expectBanner(name: string, text: string | RegExp, shown: boolean): Promise<void> {
    const banner = this.page.locator('.banner').filter({ hasText: text });
    try {
      await banner.first().waitFor({ state: shown ? 'visible' : 'detached', timeout: OUTCOME_MS });
    } catch {
      throw new Error(`${name}: the page ${shown ? 'does not show' : 'still shows'} "${String(text)}"`);
    }
  }

  /** A renewal in flight: its refresh request held, and only one. */
  private async expectRenewing(name: string): Promise<void> {
    await eventually(() => this.held.length > 0, `${name}: no refresh request`, OUTCOME_MS);
    await pause(QUIET_MS);
    if (this.held.length !== 1) throw new Error(`${name}: ${this.held.length} refresh requests in flight`);
    await this.expectBanner(name, NL.session.expired, false);
  }

  /** The token working: no banner but the working day's, the page kept, and no refresh request left waiting. */
  private async expectQuiet(name: string, step: PathStep): Promise<void> {
    await this.expectBanner(name, ASKING_BANNERS, false);
    await this.app.watched.expectBackendToken();
    if (step.kind === 'event' && step.trigger === 'WAKE') {
      // Woken before the token is due: no renewal.
      await pause(QUIET_MS);
      if (this.held.length > 0) throw new Error(`${name}: woken before the token was due, the tab renews`);
    }
    if (step.trigger === 'ADDED' && this.variant() === 'session ends in 30 days') {
      // A wait longer than setTimeout's would fire at once: the warning must not come.
      await this.context.clock.runFor(seconds(5));
      if ((await this.page.getByRole('alert').count()) > 0) throw new Error(`${name}: a working day of 30 days is announced at once`);
    }
  }

  /** Signed out elsewhere: this tab leaves for the login page, forgets the provider's tokens, and renews no more. */
  private async expectSignedOut(name: string): Promise<void> {
    await this.app.waitForAddress(/\/account\/login\?reason=signed-out/, OUTCOME_MS).catch(() => {
      throw new Error(`${name}: the tab stays at ${this.page.url()} after the sign-out elsewhere`);
    });
    const refreshes = this.refreshes;
    if ((await this.app.person.refreshToken()) !== undefined) throw new Error(`${name}: the signed-out tab keeps the refresh token`);
    await pause(QUIET_MS);
    if (this.refreshes !== refreshes) throw new Error(`${name}: the signed-out tab renews`);
  }

  /** The popup could not open: the page goes to the provider as a whole (and, its session still there, comes back signed in to the page it left). */
  private async expectRedirect(name: string): Promise<void> {
    const [path, heading] = this.onAbout ? ['/app/about', NL.shell.about] : ['/app/home', NL.shell.welcome];
    await eventually(() => this.redirected, `${name}: the page did not go to the provider's sign-in`, SLOW_OUTCOME_MS);
    await this.app.waitForHeading(heading, { level: 1, timeout: SLOW_OUTCOME_MS }).catch(() => {
      throw new Error(`${name}: back from the provider, the page shows no "${heading}" (at ${this.page.url()})`);
    });
    await this.app.waitForPath(path, PRESENT_MS);
  }
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** The model with only the `through` entries a browser can take: those whose every step is one of FEASIBLE_STEPS (the others need a token without a refresh token, or a frame's answer). */
export function browserThrough(model: MachineModel): MachineModel {
  const feasible = (entry: string) => entry.split(THEN).every((label) => label === ANY_STEPS || FEASIBLE_STEPS.has(label));
  return { ...model, through: model.through?.filter(feasible) };
}
