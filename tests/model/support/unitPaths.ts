import { afterAll, describe, expect, it } from 'vitest';
import { coverageOf, describeTransition } from '../../../scripts/paths/coverage.ts';
import { coverageLine, type GeneratedPaths } from '../../../scripts/paths/generate.ts';
import { pathName, stateKey, type MachineModel } from '../../../scripts/paths/model.ts';
import { walkPath } from '../../../scripts/paths/walk.ts';

/**
 * One test per generated path: the path runs against the machine with
 * stand-in actors, and the state after every step must be the one the
 * graph predicted. A last test prints the coverage line and fails below 100%.
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
  });
}
