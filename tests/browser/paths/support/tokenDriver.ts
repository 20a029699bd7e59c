import type { Page, Route } from 'playwright-core';
import type { ServerGate } from '../../../../devstack/faults/holds.ts';
import { oktaEndpoint } from '../../../../devstack/provider/oidc.ts';
import type { ModelPath } from '../../../../scripts/paths/model.ts';
import { AppModel } from '../../models/app.model.ts';
import type { Tab } from '../../support/driver.ts';
import { runPageClock, setPageTime } from '../../support/pageClock.ts';
import type { BrowserEnv } from '../../support/env.ts';
import type { BrowserDriver, EngineDriver, EngineEnv } from './browserPaths.ts';
import { heldAtServer, heldRoute, type HeldCall, type Holding } from './held.ts';
import { Arrivals, TOKEN_STACK, tokenPathFeasible, TokenRun, type PopupEnd } from './tokenRun.ts';
import { eventually } from '../../models/watch.ts';
import { deferred } from '../../../support/deferred.ts';
import {
  CALLBACK_OUTCOME_MS,
  LONGEST_OUTCOME_MS,
  OUTCOME_MS,
  pause,
  PRESENT_MS,
  QUIET_MS,
  SLOW_OUTCOME_MS,
  SOON_MS,
} from '../../../support/limits.ts';

// The token paths' two drivers, a run of TokenRun each (the steps and the
// checks): Chromium on Playwright's page clock with the requests held in the
// browser (tokenDriver), Firefox and WebKit on the clock the test stack's app
// server gives every page, with the requests held by the stack
// (tokenEngineDriver).

export { browserThrough, TOKEN_STACK } from './tokenRun.ts';

/** The chunk that starts a signed-in page's token lifecycle (src/session/signedIn.lazy.ts, started from src/start.tsx). */
const SIGNED_IN_CHUNK = /\/assets\/signedIn\.lazy-[^/]+\.js$/;

/** The stack of the Firefox and WebKit runs: the same tokens, and the page clock in every page of the app. */
export const TOKEN_ENGINE_STACK = { ...TOKEN_STACK, pageClock: true } as const;

export const tokenDriver: BrowserDriver = {
  feasible: tokenPathFeasible,
  run: (path, env) => new ChromiumTokenRun(path, env).run(),
};

/**
 * Chromium: the page clock is Playwright's, for the whole context; the
 * refresh requests (`grant_type=refresh_token`) and the authorizations are
 * held with `route`, the sign-ins' code exchanges always pass; the popup and
 * the second tab are the context's new pages.
 */
class ChromiumTokenRun extends TokenRun {
  private holding = false;
  private page: Page | undefined;
  private popup: Page | undefined;
  /** Each tab's page, and the signed-in chunk's address by the page that fetched it. */
  private readonly pages = new Map<Tab, Page>();
  private readonly signedInChunk = new Map<Page, string>();

  constructor(
    path: ModelPath,
    private readonly env: BrowserEnv,
  ) {
    super(path, env.stack);
  }

  protected async open(): Promise<Tab> {
    await this.env.context.clock.install();
    const app = await AppModel.newPage(this.env.watched);
    this.env.context.on('response', (response) => {
      if (SIGNED_IN_CHUNK.test(new URL(response.url()).pathname)) this.signedInChunk.set(response.frame().page(), response.url());
    });
    await app.page.route(oktaEndpoint(this.env.stack.urls.signInIssuer, 'token'), (route) => this.tokenRequest(route));
    this.pages.set(app.person.tab, app.page);
    this.page = app.page;
    return app.person.tab;
  }

  /**
   * Playwright's clock puts a `performance` of its own in the page, which
   * keeps no marks: the start is seen as the signed-in chunk the page
   * fetched, then imported again in the page, one task later than the
   * app's own import ran its start (synchronous once the module is in).
   */
  protected override async lifecycleStarted(tab: Tab): Promise<void> {
    const page = this.pages.get(tab);
    if (!page) throw new Error(`${this.path.id}: a tab this run did not open`);
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
    if (grant === 'refresh_token' && this.holding) this.held.push(heldRoute(route));
    else await route.continue();
  }

  protected runFor(ms: number): Promise<void> {
    return this.env.context.clock.runFor(ms);
  }

  protected setSystemTime(ms: number): Promise<void> {
    return this.env.context.clock.setSystemTime(ms);
  }

  protected holdRefreshes(holding: boolean): Promise<void> {
    this.holding = holding;
    return Promise.resolve();
  }

  /**
   * A popup's authorization is held; the page's own goes on at once (a
   * click waits for the navigation it starts) and is given as one let
   * through already.
   */
  protected async holdAuthorizations(): Promise<Holding> {
    const authorize = oktaEndpoint(this.env.stack.urls.signInIssuer, 'authorize');
    const arrivals = new Arrivals<HeldCall>();
    let holding = true;
    const matches = (url: URL) => url.href.startsWith(authorize);
    const handler = async (route: Route) => {
      if (!holding) return route.continue();
      if (!route.request().isNavigationRequest() || route.request().frame().page() !== this.page) return arrivals.add(heldRoute(route));
      await route.continue();
      arrivals.add({ ...heldRoute(route), pass: () => Promise.resolve(), drop: () => Promise.reject(new Error('already let through')) });
    };
    await this.env.context.route(matches, handler);
    return {
      next: () => arrivals.next(),
      release: async () => {
        holding = false;
        await this.env.context.unroute(matches, handler);
        for (const held of arrivals.rest()) await held.pass().catch(() => undefined);
      },
    };
  }

  protected async openPopup(click: () => Promise<void>): Promise<void> {
    const [popup] = await Promise.all([this.env.context.waitForEvent('page', { timeout: OUTCOME_MS }), click()]);
    this.popup = popup;
  }

  protected async popupEnds(end: PopupEnd): Promise<void> {
    const popup = this.popup;
    this.popup = undefined;
    if (!popup) throw new Error('no popup');
    if (end === 'closed') return popup.close();
    await popup.waitForEvent('close', { timeout: CALLBACK_OUTCOME_MS }).catch(() => undefined);
    if (!popup.isClosed()) throw new Error(`still open after ${CALLBACK_OUTCOME_MS} ms`);
  }

  protected async openedTab(open: () => Promise<void>): Promise<Tab> {
    const [opened] = await Promise.all([this.env.context.waitForEvent('page'), open()]);
    const tab = new AppModel(opened, this.env.watched).person.tab;
    this.pages.set(tab, opened);
    return tab;
  }

  protected async finish(): Promise<void> {
    this.holding = false;
    for (const held of this.held.splice(0)) await held.drop().catch(() => undefined);
  }
}

/** Where the engines' run keeps the popup in the page. */
const POPUP_KEY = '__tokenPathsPopup';

/**
 * Firefox and WebKit: the page clock is the one the test stack's app server
 * puts first in every page (`pageClock`, devstack/app-server/page-clock.ts),
 * shared by the origin's pages as Playwright's is by a context; neither
 * driver holds a request in the browser here, so the stack holds them
 * (`stack.holds`): every token request while the path is to see `renewing`
 * (no sign-in's code exchange comes then), and the authorizations from
 * "Opnieuw inloggen" on. The popup is the page's own window.open, closed
 * from the page; the second tab the window the page opens (`withPopup`).
 */
export const tokenEngineDriver: EngineDriver = {
  feasible: tokenPathFeasible,
  run: (path, env) => new EngineTokenRun(path, env).run(),
};

class EngineTokenRun extends TokenRun {
  private opened: Tab | undefined;
  private refreshes: ServerGate | undefined;
  private refreshMode: 'hold' | 'pass' | 'drop' = 'pass';
  /** The second tab's window, until it has closed. */
  private otherTab: Promise<void> | undefined;
  private readonly runEnds = deferred<void>();

  constructor(
    path: ModelPath,
    private readonly env: EngineEnv,
  ) {
    super(path, env.stack);
  }

  protected async open(): Promise<Tab> {
    this.opened = await this.env.browser.newTab();
    return this.opened;
  }

  /**
   * The page clock of the tab's page (a page without one is a stack started
   * without `pageClock`: the page says so); tests/browser/support/pageClock.ts.
   */
  protected runFor(ms: number): Promise<void> {
    return runPageClock(this.staff.tab, ms, `${this.path.id}: the page clock did not run ${ms} ms on`);
  }

  protected setSystemTime(ms: number): Promise<void> {
    return setPageTime(this.staff.tab, ms);
  }

  /**
   * The stack holds the token endpoint from the first renewal to be seen on,
   * and the run decides for each request as it comes: held while the path
   * is to see `renewing`, else let through, or dropped just after a dropped
   * one (releasing the gate would let the held ones through as well).
   */
  protected holdRefreshes(holding: boolean): Promise<void> {
    if (holding) this.refreshMode = 'hold';
    else if (this.refreshMode === 'hold') this.refreshMode = 'pass';
    if (holding && !this.refreshes) {
      const gate = this.env.stack.holds.hold('token');
      this.refreshes = gate;
      void (async () => {
        while (this.refreshes === gate) {
          const request = await gate.next(PRESENT_MS).catch(() => undefined);
          if (!request) continue;
          if (this.refreshMode === 'hold') this.held.push(heldAtServer(request));
          else if (this.refreshMode === 'drop') request.drop();
          else request.pass();
        }
      })();
    }
    return Promise.resolve();
  }

  /** Firefox sends a request again once when its connection dropped (on a connection it kept open): that one gets no answer either. */
  protected override async dropRefresh(held: HeldCall): Promise<void> {
    this.refreshMode = 'drop';
    try {
      await held.drop();
      await pause(QUIET_MS);
    } finally {
      this.refreshMode = 'pass';
    }
  }

  protected holdAuthorizations(): Promise<Holding> {
    const gate = this.env.stack.holds.hold('authorize');
    return Promise.resolve({
      next: async () => heldAtServer(await gate.next(OUTCOME_MS)),
      release: () => Promise.resolve(gate.release()),
    });
  }

  /**
   * The popup is the window the page's own window.open gave, kept in the
   * page and closed from there: a driver window of its own would be looked
   * at while its authorization is held, and WebKit's driver hangs, with
   * every command after it, on a window whose navigation is under way.
   */
  protected async openPopup(click: () => Promise<void>): Promise<void> {
    await this.staff.tab.evaluate((key) => {
      const open = window.open.bind(window);
      window.open = (...args) => ((window as unknown as Record<string, Window | null>)[key] = open(...args));
    }, POPUP_KEY);
    await click();
    await eventually(
      () => this.staff.tab.evaluate((key) => Boolean((window as unknown as Record<string, Window | null>)[key]), POPUP_KEY),
      'no popup opened',
    );
  }

  protected async popupEnds(end: PopupEnd): Promise<void> {
    const tab = this.staff.tab;
    if (end === 'closed') {
      await tab.evaluate((key) => (window as unknown as Record<string, Window>)[key]!.close(), POPUP_KEY);
      return;
    }
    await eventually(
      () => tab.evaluate((key) => (window as unknown as Record<string, Window>)[key]!.closed, POPUP_KEY),
      `still open after ${CALLBACK_OUTCOME_MS} ms`,
      CALLBACK_OUTCOME_MS,
    );
  }

  /** The window the page opens, kept until the run ends. */
  protected openedTab(open: () => Promise<void>): Promise<Tab> {
    return new Promise((resolve, reject) => {
      const kept = this.staff.tab.withPopup(
        open,
        async (tab) => {
          resolve(tab);
          await this.runEnds.promise;
          await tab.close();
        },
        LONGEST_OUTCOME_MS,
      );
      kept.catch(reject);
      this.otherTab = kept.catch(() => undefined);
    });
  }

  protected async finish(): Promise<void> {
    for (const held of this.held.splice(0)) await held.drop().catch(() => undefined);
    this.refreshes?.release();
    this.refreshes = undefined;
    this.runEnds.resolve();
    // The second tab is closed now; the first tab's close ends it with the rest, should it hang.
    await Promise.race([this.otherTab, pause(SOON_MS)]);
    await this.opened?.close();
  }
}
