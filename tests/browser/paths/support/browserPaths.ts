import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stack, StackOptions } from '../../../../devstack/stack.ts';
import { coverageOf, describeTransition } from '../../../../scripts/paths/coverage.ts';
import { coverageLine, generatePaths } from '../../../../scripts/paths/generate.ts';
import { pathName, type MachineModel, type ModelPath, type PathStep } from '../../../../scripts/paths/model.ts';
import { launchEngine, type EngineBrowser, type LaunchOptions } from '../../support/driver.ts';
import { launchChromium } from '../../support/chromium.ts';
import { clearStack, contextOn, type BrowserEnv } from '../../support/env.ts';
import { browserAndStackForSuite, startTestStack } from '../../support/stack.ts';
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
  /**
   * The paths side by side (as many at a time as the project's
   * `maxConcurrency`), each on a stack of its own, for a machine whose paths
   * mostly watch: the token paths wait out a quiet second after most steps
   * (no second renewal, none after a sign-out), and one at a time left the
   * core idle for half their time (docs/testing.md, "Under load").
   */
  concurrent?: boolean;
}

/**
 * The stacks a file's paths run on, one path at a time each, so that a
 * stack's faults, holds and switches are its path's alone: the suite's
 * stack first, and another started when a path finds every one taken, so
 * there are as many as paths run at once.
 */
class StackLanes {
  /** The stacks no path runs on now. */
  private readonly free: Stack[] = [];
  /** The stacks started here (not the suite's own), also one still starting. */
  private readonly started: Promise<Stack>[] = [];

  constructor(private readonly options: StackOptions | undefined) {}

  /** A stack started (and stopped) by the suite, for the paths to take turns on. */
  add(stack: Stack): void {
    this.free.push(stack);
  }

  /** Does `work` on a free stack, and clears it for the next path. */
  async on<T>(work: (stack: Stack) => Promise<T>): Promise<T> {
    const stack = this.free.pop() ?? (await this.start());
    try {
      return await work(stack);
    } finally {
      clearStack(stack);
      this.free.push(stack);
    }
  }

  private start(): Promise<Stack> {
    const started = startTestStack(this.options);
    this.started.push(started);
    return started;
  }

  /** Stops the stacks started here. */
  async stop(): Promise<void> {
    const started = await Promise.allSettled(this.started.splice(0));
    await Promise.all(started.map((stack) => (stack.status === 'fulfilled' ? stack.value.stop() : undefined)));
  }
}

/** A browser and the paths' stacks for the describe block it is called in: the suite's stack the first lane. */
function browserAndLanes<B extends { close(): Promise<void> }>(
  launch: () => Promise<B>,
  options: BrowserPathsOptions,
): { env: { browser: B; stack: Stack }; lanes: StackLanes } {
  const env = {} as { browser: B; stack: Stack };
  browserAndStackForSuite(env, launch, options.stack ?? {});
  const lanes = new StackLanes(options.stack);
  // After the suite's own beforeAll, which started the browser and the stack.
  beforeAll(() => lanes.add(env.stack));
  afterAll(() => lanes.stop());
  return { env, lanes };
}

/** One path's test: side by side with the others where the paths are `concurrent`, one after the other otherwise. */
function pathTestOf(options: BrowserPathsOptions): typeof it.concurrent {
  return options.concurrent ? it.concurrent : it.sequential;
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
    const { env, lanes } = browserAndLanes<Browser>(launchChromium, options);
    const pathTest = pathTestOf(options);

    // One `it` per path with its whole name: it.each would cut the name at 40 characters.
    for (const path of generated.paths) {
      pathTest(
        pathName(path),
        async () => {
          await lanes.on(async (stack) => {
            const test = await contextOn(env.browser, stack);
            try {
              await driver.run(path, test);
            } finally {
              await test.context.close();
            }
          });
          for (const key of path.transitions) exercised.add(key);
        },
        pathTime(path),
      );
    }

    it.sequential(`exercises every transition of the ${model.name}Machine a browser can reach`, () => {
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
  stack: Stack;
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
 * for the engine, each path in a fresh tab of its own on a stack of its own
 * while it runs (one for all, one after the other, unless `concurrent`). The
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
    const { env, lanes } = browserAndLanes(() => launchEngine(engine, options.launch), options);
    const pathTest = pathTestOf(options);

    for (const path of generated.paths) {
      pathTest(
        `${engine} ${pathName(path)}`,
        async () => {
          await lanes.on((stack) => driver.run(path, { engine, browser: env.browser, stack }));
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
