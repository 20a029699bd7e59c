import type { Page } from 'playwright-core';
import type { ModelPath } from '../../../../scripts/paths/model.ts';
import { AppModel } from '../../models/app.model.ts';
import { chromiumTab, type Tab } from '../../support/driver.ts';
import type { BrowserEnv } from '../../support/env.ts';
import type { BrowserDriver } from './browserPaths.ts';
import { callbackFeasible, CallbackRun, type Holding } from './callbackRun.ts';
import { heldRoute } from './held.ts';

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
