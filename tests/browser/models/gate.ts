import type { Page, Route } from 'playwright-core';
import { OUTCOME_MS } from '../../support/limits.ts';

/**
 * Holds the page's requests to one endpoint until the test lets each go.
 * While a request is held the machine that made it waits in the invoking
 * state, so the test can look at that state on the screen, then choose the
 * outcome (pass it on, with or without a fault switched on first, abort it,
 * or answer with a changed body).
 */
export class Gate {
  private readonly held: Route[] = [];
  private waiting: ((route: Route) => void) | undefined;
  private readonly handler = (route: Route) => {
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = undefined;
      resolve(route);
    } else this.held.push(route);
  };

  private constructor(
    private readonly page: Page,
    private readonly matcher: (url: URL) => boolean,
    readonly name: string,
  ) {}

  static async install(page: Page, name: string, matcher: (url: URL) => boolean): Promise<Gate> {
    const gate = new Gate(page, matcher, name);
    await page.route(matcher, gate.handler);
    return gate;
  }

  /** The next held request, waiting for it to be made. */
  async next(timeout = OUTCOME_MS): Promise<Route> {
    const route = this.held.shift();
    if (route) return route;
    return new Promise<Route>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = undefined;
        reject(new Error(`no ${this.name} request within ${timeout} ms`));
      }, timeout);
      this.waiting = (next) => {
        clearTimeout(timer);
        resolve(next);
      };
    });
  }

  /** Stops holding: requests held now and later go through. */
  async open(): Promise<void> {
    await this.page.unroute(this.matcher, this.handler);
    for (const route of this.held.splice(0)) await route.continue().catch(() => undefined);
  }
}
