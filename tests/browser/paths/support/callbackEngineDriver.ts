import type { ModelPath } from '../../../../scripts/paths/model.ts';
import type { Tab } from '../../support/driver.ts';
import type { EngineDriver, EngineEnv } from './browserPaths.ts';
import { callbackFeasible, CallbackRun, type Holding } from './callbackRun.ts';
import { heldAtServer } from './held.ts';

/**
 * The callbackMachine in Firefox and WebKit (the steps and checks:
 * callbackRun.ts). Neither engine's driver holds a request in the browser
 * here, so the stack holds them (`stack.holds`); the 5 s delay passes in
 * real time, where a path waits for it. Sign-in failures are checked in the
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

  protected async letTimePass(): Promise<void> {
    // No page clock here: the next check waits until the message shows.
  }

  protected async finish(): Promise<void> {
    await this.opened?.close();
  }
}
