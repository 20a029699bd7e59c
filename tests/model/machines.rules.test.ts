import { afterAll, vi } from 'vitest';
import { findModels } from '../../scripts/machines/discover.ts';
import { generatePaths } from '../../scripts/paths/generate.ts';
import type { MachineModel } from '../../scripts/paths/model.ts';
import { collected, describeRulePaths } from './support/unitPaths.ts';

/**
 * Every generated path of each machine with rules (the model's `rules`,
 * tests/model/rules) checked against them at every step, one test each.
 * Alone in this file, so that `npm run mutate` can run these tests without
 * the recorded traces (vitest.mutate.rules.config.ts) and say what the
 * rules find by themselves.
 */

// Delays and guards that read Date.now() (token, inactivity): frozen, it is the same when the paths are generated and when they are walked.
vi.useFakeTimers({ toFake: ['Date'] });
afterAll(() => vi.useRealTimers());

/**
 * The machines `npm run mutate` is mutating (scripts/mutate.ts sets it, e.g.
 * `connectivity,inactivity`): a mutant of one machine cannot reach another's
 * paths, and making the token's paths is most of a run of this file, so
 * only theirs are made. Unset, as in every other run, all of them.
 */
const mutating = process.env.MUTATE_MACHINES?.split(',');

const models = (await collected('the models are found', () => findModels(Date.now()))) ?? new Map<string, MachineModel>();

for (const model of models.values()) {
  if (!model.rules || model.rules.length === 0 || (mutating && !mutating.includes(model.name))) continue;
  const generated = await collected(`the paths of the ${model.name}Machine are generated`, () => generatePaths(model));
  if (generated) describeRulePaths(model, generated);
}
