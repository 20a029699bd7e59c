import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { StackOptions } from '../../../../devstack/stack.ts';
import { coverageOf, describeTransition } from '../../../../scripts/paths/coverage.ts';
import { coverageLine, generatePaths } from '../../../../scripts/paths/generate.ts';
import { pathName, type MachineModel, type ModelPath, type PathStep } from '../../../../scripts/paths/model.ts';
import { browserEnv, type BrowserEnv } from '../../support/env.ts';

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
}

/**
 * The generated paths of a machine, each in a fresh browser context against
 * the real stack. A path counts for coverage only when its run passed, and
 * then only the transitions of that path: the browser coverage line says
 * what real browser runs exercised.
 */
export async function describeBrowserPaths(model: MachineModel, driver: BrowserDriver, options: BrowserPathsOptions = {}): Promise<void> {
  const generated = await generatePaths(model, { feasible: (path) => driver.feasible(path) });
  const exercised = new Set<string>();

  describe(`${model.name}Machine paths (browser)`, () => {
    const env = browserEnv(options.stack);

    // One `it` per path with its whole name: it.each would cut the name at 40 characters.
    for (const path of generated.paths) {
      it(pathName(path), async () => {
        await driver.run(path, env);
        for (const key of path.transitions) exercised.add(key);
      });
    }

    it(`exercises every transition of the ${model.name}Machine a browser can reach`, () => {
      const coverage = coverageOf(model.name, 'browser', model.machine, exercised);
      const unreachable = options.unreachable ?? {};
      const notes = coverage.missing
        .filter((transition) => transition.key in unreachable)
        .map((transition) => `\n  not reachable in a browser: ${describeTransition(transition)}: ${unreachable[transition.key]}`);
      console.log(`${coverageLine(coverage.line, generated, 'browser runs chosen')}${notes.join('')}`);
      expect(coverage.missing.filter((transition) => !(transition.key in unreachable)).map(describeTransition)).toEqual([]);
      expect(Object.keys(unreachable).filter((key) => exercised.has(key)), 'exercised after all: take it off the unreachable list').toEqual([]);
    });
  });
}

/** Waits until the locator is visible; fails with the step's name otherwise. */
export async function sees(locator: Locator, what: string, timeout = 10_000): Promise<void> {
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

