import { afterAll, describe, expect, it, vi } from 'vitest';
import { generatePaths } from '../../scripts/paths/generate.ts';
import { stateKey, type MachineModel, type ModelPath } from '../../scripts/paths/model.ts';
import { walkPath } from '../../scripts/paths/walk.ts';
import { NODE_TEST_MS } from '../support/limits.ts';
import { bootModel } from './models/boot.model.ts';
import { inactivityModel } from './models/inactivity.model.ts';
import { tokenModel } from './models/token.model.ts';

// The token machine's delays and guards read Date.now(): frozen, it is the same when the paths are generated and walked.
vi.useFakeTimers({ toFake: ['Date'] });
// The unit files share their worker's globals (isolate: false): the next file finds Date running.
afterAll(() => vi.useRealTimers());
const now = Date.now();
const UP_TO = 12;

/** The transitions the paths take together. */
const taken = (paths: ModelPath[]) => new Set(paths.flatMap((path) => path.transitions));

// Joining walks many candidate continuations: the token machine's take a few seconds.
describe.each<[string, () => MachineModel]>([
  ['boot', () => bootModel],
  ['inactivity', () => inactivityModel()],
  ['token', () => tokenModel(now)],
])('joined paths of the %s machine (a browser level pays a start per path)', { timeout: NODE_TEST_MS }, (_name, model) => {
  it('take every transition the plain paths take, in fewer paths', async () => {
    const plain = await generatePaths(model());
    const joined = await generatePaths(model(), { joinUpTo: UP_TO });
    expect([...taken(joined.paths)].sort()).toEqual([...taken(plain.paths)].sort());
    expect(joined.paths.length).toBeLessThan(plain.paths.length);
  });

  it('are no longer than asked, and each walks as the machine takes it', async () => {
    const joined = await generatePaths(model(), { joinUpTo: UP_TO });
    for (const path of joined.paths) {
      expect(path.steps.length - 1, path.id).toBeLessThanOrEqual(UP_TO);
      const walked = await walkPath(model(), path);
      expect(walked.states.map(stateKey), path.id).toEqual(path.steps.map((step) => stateKey(step.state)));
    }
  });

  it('are joined only where the level can carry out the whole path', async () => {
    // A level that cannot take a step after the third: every path stops there.
    const feasible = (path: ModelPath) => path.steps.length <= 4;
    const joined = await generatePaths({ ...model(), through: undefined }, { joinUpTo: UP_TO, feasible });
    expect(joined.paths.every(feasible)).toBe(true);
  });
});
