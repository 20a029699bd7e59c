import { afterAll, describe, expect, it, vi } from 'vitest';
import { findMachines, findModels } from '../../scripts/machines/discover.ts';
import { generatePaths } from '../../scripts/paths/generate.ts';
import { describeUnitPaths } from './support/unitPaths.ts';

/**
 * Every machine's paths, one test each, found as `npm run paths` finds them:
 * `machines/<name>.machine.ts` and its model `models/<name>.model.ts`.
 */

// Delays and guards that read Date.now() (token, inactivity): frozen, it is the same when the paths are generated and when they are walked.
vi.useFakeTimers({ toFake: ['Date'] });
afterAll(() => vi.useRealTimers());

const machines = await findMachines();
const models = await findModels(Date.now());

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

for (const model of models.values()) describeUnitPaths(model, await generatePaths(model));
