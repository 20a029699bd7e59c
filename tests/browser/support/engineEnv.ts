import { afterEach, beforeEach } from 'vitest';
import type { StackOptions } from '../../../devstack/stack.ts';
import type { TestStack } from '../../../devstack/test-stack.ts';
import { StaffModel } from '../models/staff.model.ts';
import { launchEngine, type Engine, type EngineBrowser, type LaunchOptions } from './driver.ts';
import { browserAndStackForSuite } from './stack.ts';

/** What an engine test has: its browser, its stack, and the test's person on a tab of a fresh context. */
export interface EngineTestEnv {
  browser: EngineBrowser;
  stack: TestStack;
  staff: StaffModel;
}

/**
 * One browser of the engine and one local stack for the describe block it
 * is called in (in Firefox, mostly a session on the run's one browser:
 * `SharedFirefox`); each test gets `staff` on a fresh tab (a context of its
 * own), closed after it with the faults, holds and CSP reports cleared.
 * The engines' counterpart of `browserEnv`.
 */
export function engineEnv(engine: Engine, stackOptions: StackOptions = {}, launch: LaunchOptions = {}): EngineTestEnv {
  const env = {} as EngineTestEnv;
  browserAndStackForSuite(env, () => launchEngine(engine, launch), stackOptions);
  beforeEach(async () => {
    env.stack.cspReports.length = 0;
    env.staff = new StaffModel(await env.browser.newTab(), env.stack);
  });
  afterEach(async () => {
    await env.staff.tab.close();
    env.stack.faults.clear();
    env.stack.holds.clear();
  });
  return env;
}
