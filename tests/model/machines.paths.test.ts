import { afterAll, describe, expect, it, vi } from 'vitest';
import { findMachines, findModels } from '../../scripts/machines/discover.ts';
import { generatePaths } from '../../scripts/paths/generate.ts';
import type { MachineModel } from '../../scripts/paths/model.ts';
import { collected, describeUnitPaths } from './support/unitPaths.ts';

/**
 * Every machine's paths, one test each, found as `npm run paths` finds them:
 * `machines/<name>.machine.ts` and its model `models/<name>.model.ts`. The
 * same paths against the session's rules are machines.rules.test.ts.
 */

// Delays and guards that read Date.now() (token, inactivity): frozen, it is the same when the paths are generated and when they are walked.
vi.useFakeTimers({ toFake: ['Date'] });
afterAll(() => vi.useRealTimers());

const machines = (await collected('the machines are found', () => findMachines())) ?? [];
const models = (await collected('the models are found', () => findModels(Date.now()))) ?? new Map<string, MachineModel>();

describe('the machines and their models', () => {
  it('are found, each machine with a model of its own', () => {
    expect(machines.map(({ name }) => name)).toContain('boot');
    expect([...models.keys()]).toEqual(machines.map(({ name }) => name));
  });

  // Its own machine, or that machine with a stand-in or two (`provide` keeps the definition).
  it.each(machines)('the $name model walks the $file machine', ({ name, machine }) => {
    expect(models.get(name)?.machine.config).toBe(machine.config);
  });
});

for (const model of models.values()) {
  const generated = await collected(`the paths of the ${model.name}Machine are generated`, () => generatePaths(model));
  if (generated) describeUnitPaths(model, generated);
}
