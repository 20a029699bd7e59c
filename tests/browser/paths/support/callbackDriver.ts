import type { Page } from 'playwright-core';
import type { ModelPath } from '../../../../scripts/paths/model.ts';
import { AppModel } from '../../models/app.model.ts';
import { chromiumTab, type Tab } from '../../support/driver.ts';
import type { BrowserEnv } from '../../support/env.ts';
import type { BrowserDriver, EngineDriver, EngineEnv } from './browserPaths.ts';
import { callbackFeasible, CallbackRun } from './callbackRun.ts';
import { heldAtServer, heldRoute, type Holding } from './held.ts';
import { runPageClock } from '../../support/pageClock.ts';

/**
 * The callbackMachine in Chromium (the steps and checks: callbackRun.ts).
 * The invoked actors' requests are held in the browser (`page.route`), and
 * the 5 s delay runs on Playwright's page clock.
 */
export const callbackDriver: BrowserDriver = {
  feasible: callbackFeasible,
  run: async (path, env) => new ChromiumCallbackRun(path, env).run(),
};

/** The transitions no browser run can take, with the reason. */
export const CALLBACK_UNREACHABLE_IN_BROWSER: Record<string, string> = {};

class ChromiumCallbackRun extends CallbackRun {
  private app!: AppModel;

  constructor(
    path: ModelPath,
    private readonly env: BrowserEnv,
  ) {
    super(path, env.stack);
  }

  private get page(): Page {
    return this.app.page;
  }

  protected async open(): Promise<Tab> {
    this.app = await AppModel.newPage(this.env.watched);
    if (this.path.steps.some((step) => step.kind === 'after')) await this.page.clock.install();
    return chromiumTab(this.page);
  }

  protected async hold(endpoint: 'token' | 'ExternalAuthenticate' | 'GetAll'): Promise<Holding> {
    const gate = await this.app.hold(endpoint);
    return {
      next: async () => heldRoute(await gate.next()),
      release: () => gate.open(),
    };
  }

  protected async letTimePass(ms: number): Promise<void> {
    await this.page.clock.fastForward(ms);
  }

  protected async finish(): Promise<void> {
    // The watched context closes with the file.
  }
}

/** The stack of the engines' callback paths: `nieuw` answered as an inactive user, the page clock in every page. */
export const CALLBACK_ENGINE_STACK = { inactiveUserSignIn: 'waitingForActivation', pageClock: true } as const;

/**
 * The callbackMachine in Firefox and WebKit (the steps and checks:
 * callbackRun.ts). Neither engine's driver holds a request in the browser
 * here, so the stack holds them (`stack.holds`); the 5 s delay, where a path
 * waits for it, passes on the page clock the stack gives every page
 * (`CALLBACK_ENGINE_STACK`). Sign-in failures are checked in the
 * console in Firefox only: WebKit's classic WebDriver shows none.
 */
export const callbackEngineDriver: EngineDriver = {
  feasible: callbackFeasible,
  run: async (path, env) => new EngineCallbackRun(path, env).run(),
};

class EngineCallbackRun extends CallbackRun {
  private opened: Tab | undefined;

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

  protected hold(endpoint: 'token' | 'ExternalAuthenticate' | 'GetAll'): Promise<Holding> {
    const gate = this.env.stack.holds.hold(endpoint);
    return Promise.resolve({
      next: async () => heldAtServer(await gate.next()),
      release: () => Promise.resolve(gate.release()),
    });
  }

  protected async letTimePass(ms: number): Promise<void> {
    await runPageClock(this.opened!, ms);
  }

  protected async finish(): Promise<void> {
    await this.opened?.close();
  }
}
