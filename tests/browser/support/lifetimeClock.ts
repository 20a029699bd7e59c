import type { BrowserContext, Page, Request } from 'playwright-core';
import { beforeEach } from 'vitest';
import { browserEnv, type BrowserEnv } from './env.ts';
import { LOOK_EVERY_MS, pause, seconds, SLOW_OUTCOME_MS } from '../../support/limits.ts';

/** How far the clock moves in one step: the app's timers due within it run, in order. */
const STEP_MS = seconds(1);

/**
 * Playwright's page clock for a context whose cases wait on the backend
 * token's life (a renewal due, a question to confirm the session): the
 * lifetimes pass on the page's clock, not the test's, so a 90 s watch takes
 * seconds. The clock runs on by itself as the real one does (a popup, a
 * frame and a request take their real time); `runFor` moves it on a second
 * at a time, each second only once the context is settled: no request under
 * way and no frame in a page. So what the app started (the hidden
 * `prompt=none` frame of a renewal, the backend's ExternalAuthenticate) ends
 * as it would on a fast network, and never runs out of its own time because
 * the test moved the clock past it.
 *
 * The stack's tokens keep the real clock: a token renewed on the page's
 * schedule is still good at the backend, so these cases prove when the app
 * renews and asks, not that the backend refuses a token past its end
 * (`security/tokens.e2e.ts` does).
 */
export class LifetimeClock {
  private readonly underWay = new Set<Request>();

  private constructor(private readonly context: BrowserContext) {
    context.on('request', (request) => this.underWay.add(request));
    context.on('requestfinished', (request) => this.underWay.delete(request));
    context.on('requestfailed', (request) => this.underWay.delete(request));
  }

  /** The clock in every page of the context from now on; call it before the context's first page. */
  static async install(context: BrowserContext): Promise<LifetimeClock> {
    await context.clock.install();
    return new LifetimeClock(context);
  }

  /** Where the page's clock stands (ms since the epoch). */
  now(page: Page): Promise<number> {
    return page.evaluate(() => Date.now());
  }

  /**
   * Moves the page clock on by `ms`, a second at a time; after each second
   * `each` gets the milliseconds moved so far and may act as a person would
   * (a click, a popup) before the clock moves again. Stops early when `each`
   * returns true.
   */
  async runFor(ms: number, each: (moved: number) => Promise<boolean | void> = async () => undefined): Promise<void> {
    let moved = 0;
    while (moved < ms) {
      await this.settled();
      const step = Math.min(STEP_MS, ms - moved);
      await this.context.clock.runFor(step);
      moved += step;
      await this.settled();
      if ((await each(moved)) === true) return;
    }
  }

  /** Until no request of an open page is under way and no page has a frame; fails naming what is still under way. */
  private async settled(): Promise<void> {
    const end = Date.now() + SLOW_OUTCOME_MS;
    for (;;) {
      const requests = [...this.underWay].filter((request) => isOfOpenPage(request));
      const framed = await framesIn(this.context);
      if (requests.length === 0 && framed.length === 0) return;
      if (Date.now() > end)
        throw new Error(
          `the pages did not settle within ${SLOW_OUTCOME_MS} ms: ${[...requests.map((request) => `${request.method()} ${request.url()}`), ...framed.map((url) => `a frame on ${url}`)].join('; ')}`,
        );
      await pause(LOOK_EVERY_MS);
    }
  }
}

/** Whether the request belongs to a page still open (a closed popup's requests end with it, often unreported). */
function isOfOpenPage(request: Request): boolean {
  try {
    return !request.frame().page().isClosed();
  } catch {
    // A service worker's own request has no frame: the page's request through it is the one waited for.
    return false;
  }
}

/** The addresses of the pages that have a frame in them (a renewal's hidden frame). */
async function framesIn(context: BrowserContext): Promise<string[]> {
  const framed: string[] = [];
  for (const page of context.pages()) {
    if (page.isClosed()) continue;
    const frames = await page
      .locator('iframe')
      .count()
      .catch(() => 0);
    if (frames > 0) framed.push(page.url());
  }
  return framed;
}

/** `browserEnv` (a browser and stack for the file or describe block), each test's context on the page clock from its first page on. */
export function clockedEnv(...args: Parameters<typeof browserEnv>): BrowserEnv & { clock: LifetimeClock } {
  const env = browserEnv(...args) as BrowserEnv & { clock: LifetimeClock };
  beforeEach(async () => {
    env.clock = await LifetimeClock.install(env.context);
  });
  return env;
}
