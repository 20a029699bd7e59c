import type { Locator } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StackOptions } from '../../../../devstack/stack.ts';
import type { TestStack } from '../../../../devstack/test-stack.ts';
import { coverageOf, describeTransition } from '../../../../scripts/paths/coverage.ts';
import { coverageLine, generatePaths } from '../../../../scripts/paths/generate.ts';
import { pathName, type MachineModel, type ModelPath, type PathStep } from '../../../../scripts/paths/model.ts';
import { launchEngine, type EngineBrowser, type LaunchOptions } from '../../support/driver.ts';
import { browserEnv, type BrowserEnv } from '../../support/env.ts';
import { startTestStack } from '../../support/stack.ts';
import { LONG_TEST_MS, OUTCOME_MS, TEST_MS } from '../../../support/limits.ts';

/** How one machine's paths are carried out in a browser. */
export interface BrowserDriver {
  /** Whether a browser can carry out, and tell apart on the screen, every step of the path. */
  feasible(path: ModelPath): boolean;
  /** Runs the path step by step and checks the page after each step; throws at the first mismatch. */
  run(path: ModelPath, env: BrowserEnv): Promise<void>;
}

export interface BrowserPathsOptions {
  /** Transitions no browser run can take, by key, with the reason; printed with the coverage line. */
  unreachable?: Record<string, string>;
  stack?: StackOptions;
  /**
   * Joins the paths up to this many steps (`GenerateOptions.joinUpTo`): each
   * path pays for a fresh context and a sign-in, a step mostly for a look.
   */
  joinUpTo?: number;
}

/**
 * The generated paths of a machine, each in a fresh browser context against
 * the real stack. A path counts for coverage only when its run passed, and
 * then only the transitions of that path: the browser coverage line says
 * what real browser runs exercised.
 */
export async function describeBrowserPaths(model: MachineModel, driver: BrowserDriver, options: BrowserPathsOptions = {}): Promise<void> {
  const generated = await generatePaths(model, { feasible: (path) => driver.feasible(path), joinUpTo: options.joinUpTo });
  const exercised = new Set<string>();

  describe(`${model.name}Machine paths (browser)`, () => {
    const env = browserEnv(options.stack);

    // One `it` per path with its whole name: it.each would cut the name at 40 characters.
    for (const path of generated.paths) {
      it(
        pathName(path),
        async () => {
          await driver.run(path, env);
          for (const key of path.transitions) exercised.add(key);
        },
        pathTime(path),
      );
    }

    it(`exercises every transition of the ${model.name}Machine a browser can reach`, () => {
      expectCovered(model, 'browser', generated, exercised, options.unreachable);
    });
  });
}

/** The engines besides Chromium, driven through `tests/browser/support/driver.ts`. */
export type OtherEngine = 'firefox' | 'webkit';

/** One engine's browser and the file's stack, for a path run in Firefox or WebKit. */
export interface EngineEnv {
  readonly engine: OtherEngine;
  browser: EngineBrowser;
  stack: TestStack;
}

/** How one machine's paths are carried out in Firefox or WebKit (no request held in the browser: holds are the stack's). */
export interface EngineDriver {
  feasible(path: ModelPath, engine: OtherEngine): boolean;
  run(path: ModelPath, env: EngineEnv): Promise<void>;
}

export interface EnginePathsOptions extends BrowserPathsOptions {
  launch?: LaunchOptions;
}

/**
 * The generated paths of a machine in Firefox or WebKit, one engine browser
 * and one stack for the engine, each path in a fresh tab of its own. The
 * coverage line names the engine: `coverage boot (firefox): …`.
 */
export async function describeEnginePaths(
  model: MachineModel,
  engine: OtherEngine,
  driver: EngineDriver,
  options: EnginePathsOptions = {},
): Promise<void> {
  const generated = await generatePaths(model, { feasible: (path) => driver.feasible(path, engine), joinUpTo: options.joinUpTo });
  const exercised = new Set<string>();

  describe(`${model.name}Machine paths (${engine})`, () => {
    const env = { engine } as EngineEnv;
    beforeAll(async () => {
      [env.browser, env.stack] = await Promise.all([launchEngine(engine, options.launch), startTestStack(options.stack)]);
    });
    afterAll(async () => {
      await Promise.all([env.browser?.close(), env.stack?.stop()]);
    });
    afterEach(() => {
      // Faults first, so a request still held when the path ended passes untouched.
      env.stack.faults.clear();
      env.stack.holds.clear();
    });

    // One path after another, also where engines run side by side (describe.concurrent): an engine's paths share its stack and the stack's holds.
    for (const path of generated.paths) {
      it.sequential(
        `${engine} ${pathName(path)}`,
        async () => {
          await driver.run(path, env);
          for (const key of path.transitions) exercised.add(key);
        },
        pathTime(path),
      );
    }

    it.sequential(`exercises every transition of the ${model.name}Machine ${engine} can reach`, () => {
      expectCovered(model, engine, generated, exercised, options.unreachable);
    });
  });
}

/** How long a joined path may grow (`joinUpTo`): a dozen steps, whose failure still names its step. */
export const JOINED_PATH_STEPS = 12;

/** Steps a path of one test's time (`TEST_MS`) takes at most: a longer, joined one has twice the time. */
const STEPS_IN_TEST_TIME = 6;

function pathTime(path: ModelPath): number {
  return path.steps.length - 1 > STEPS_IN_TEST_TIME ? LONG_TEST_MS : TEST_MS;
}

/** Prints the coverage line of a level (an engine) with the unreachable transitions and their reasons; fails on a missing one. */
function expectCovered(
  model: MachineModel,
  level: string,
  generated: Awaited<ReturnType<typeof generatePaths>>,
  exercised: ReadonlySet<string>,
  unreachable: Record<string, string> = {},
): void {
  const coverage = coverageOf(model.name, level, model.machine, exercised);
  const notes = coverage.missing
    .filter((transition) => transition.key in unreachable)
    .map(
      (transition) =>
        `\n  not reachable in ${level === 'browser' ? 'a browser' : level}: ${describeTransition(transition)}: ${unreachable[transition.key]}`,
    );
  console.log(`${coverageLine(coverage.line, generated, 'browser runs chosen')}${notes.join('')}`);
  expect(coverage.missing.filter((transition) => !(transition.key in unreachable)).map(describeTransition)).toEqual([]);
  expect(
    Object.keys(unreachable).filter((key) => exercised.has(key)),
    'exercised after all: take it off the unreachable list',
  ).toEqual([]);
}

/** Waits until the locator is visible; fails with the step's name otherwise. */
export async function sees(locator: Locator, what: string, timeout = OUTCOME_MS): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch {
    throw new Error(`the page does not show ${what}`);
  }
}

/** The path with one line per step, for failure messages. */
export function stepName(path: ModelPath, step: PathStep): string {
  return `path "${pathName(path)}", step "${step.label}"`;
}
