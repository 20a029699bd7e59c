import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { coverageOf, describeTransition } from '../../../scripts/paths/coverage.ts';
import { coverageLine, type GeneratedPaths } from '../../../scripts/paths/generate.ts';
import { pathName, stateKey, type MachineModel } from '../../../scripts/paths/model.ts';
import { checkRules, describeViolation } from '../../../scripts/paths/rules.ts';
import { traceOf } from '../../../scripts/paths/trace.ts';
import { walkPath } from '../../../scripts/paths/walk.ts';

/** The name of a path's rules test, after its id: `npm run mutate` tells these tests from the others by it. */
export const RULES_TEST = "keeps the session's rules";

/** The recorded traces: what each generated path of a machine reaches, `tests/model/traces/<name>.txt`. */
export function traceFile(name: string): string {
  return resolve(import.meta.dirname, '../traces', `${name}.txt`);
}

/**
 * One test per generated path: the path runs against the machine with
 * stand-in actors, and the state after every step must be the one the
 * graph predicted. Then the coverage line, which fails below 100%, and the
 * trace: every path walked again, with the actions each step runs, the
 * context it changes and the length of each delay, must be what
 * `tests/model/traces/<name>.txt` records. The graph comes from the machine
 * itself, so it cannot tell a wrong guard, action or delay from a right one;
 * the recorded trace, read and kept in git, can tell a changed one, and the
 * model's rules (tests/model/rules, `describeRulePaths`), a wrong one.
 */
export function describeUnitPaths(model: MachineModel, generated: GeneratedPaths, onDone?: () => void): void {
  const taken = new Set<string>();
  describe(`${model.name}Machine paths (unit)`, () => {
    afterAll(() => onDone?.());

    // One `it` per path with its whole name: it.each would cut the name at 40 characters.
    for (const path of generated.paths) {
      it(pathName(path), async () => {
        const result = await walkPath(model, path, {
          onStep: (step, snapshot) => expect(stateKey(snapshot.value), `after "${step.label}"`).toBe(stateKey(step.state)),
        });
        for (const key of result.transitions) taken.add(key);
      });
    }

    it(`takes every transition of the ${model.name}Machine`, () => {
      const coverage = coverageOf(model.name, 'unit', model.machine, taken);
      console.log(coverageLine(coverage.line, generated));
      expect(coverage.missing.map(describeTransition)).toEqual([]);
    });

    it(`reaches in every path what traces/${model.name}.txt records`, async () => {
      const now = Date.now();
      const traces: string[] = [];
      for (const path of generated.paths) traces.push(traceOf(path, (await walkPath(model, path)).steps, now));
      await expect(
        `${traces.join('\n\n')}\n`,
        'a path reaches something else: if the machine was meant to change, run the tests with -u and read the diff',
      ).toMatchFileSnapshot(traceFile(model.name));
    });
  });
}

/**
 * The model's rules (tests/model/rules), checked at every step of every
 * generated path, one test per path (`<id> keeps the session's rules`): a
 * broken rule is named with its step. These tests are a file of their own
 * (tests/model/machines.rules.test.ts), so `npm run mutate` can run them
 * alone against each mutant and measure what the rules find without the
 * recorded traces.
 */
export function describeRulePaths(model: MachineModel, generated: GeneratedPaths): void {
  const rules = model.rules ?? [];
  if (rules.length === 0) return;
  describe(`${model.name}Machine rules (unit)`, () => {
    // A machine that leaves its first state by nothing has no path: with no test it would pass every rule.
    if (generated.paths.length === 0)
      it(`the ${model.name}Machine ${RULES_TEST}`, () => {
        throw new Error(`the ${model.name} machine offers no path to check its rules on: its first state leads nowhere`);
      });
    for (const path of generated.paths) {
      it(`${path.id} ${RULES_TEST}`, async () => {
        const { violations } = checkRules(rules, path, (await walkPath(model, path)).steps, Date.now());
        expect(violations.map((violation) => describeViolation(path, violation))).toEqual([]);
      });
    }
  });
}

/**
 * The rules test of a machine with rules whose model or paths cannot be
 * made: the machine throws as it is created (a state's `initial` names no
 * child, a target names no state), or the paths the rules are checked on
 * cannot be generated from it (an actor's outcome it no longer reaches, a
 * step the model must go through that no path takes). Such a machine would
 * break the page at its first step, or never reaches the moments the rules
 * are about, so it keeps none of them: one rules test fails and says why,
 * where no test at all would let it pass every rule by having no path.
 */
export function describeUnwalkable(name: string, error: unknown): void {
  describe(`${name}Machine rules (unit)`, () => {
    it(`the ${name}Machine ${RULES_TEST}`, () => {
      throw new Error(
        `the ${name} machine cannot be walked, so it keeps no rule: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    });
  });
}

/**
 * A value made while the tests are collected, or, when making it throws, a
 * failing test that says so: an error outside every test would leave the
 * file with no test that fails (a broken machine would then pass wherever
 * only failed tests count, as in `npm run mutate`).
 */
export async function collected<T>(what: string, make: () => Promise<T>): Promise<T | undefined> {
  try {
    return await make();
  } catch (error) {
    it(what, () => {
      throw error;
    });
    return undefined;
  }
}
