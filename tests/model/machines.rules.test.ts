import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, vi } from 'vitest';
import { findModel } from '../../scripts/machines/discover.ts';
import { generatePaths } from '../../scripts/paths/generate.ts';
import { describeRulePaths, describeUnwalkable } from './support/unitPaths.ts';

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

/** The machines with rules: each with a tests/model/rules/<machine>.rules.ts, as scripts/mutate.ts and stryker.rules.config.mjs find them. */
const SUFFIX = '.rules.ts';
const ruled = readdirSync(resolve(import.meta.dirname, 'rules'))
  .filter((file) => file.endsWith(SUFFIX))
  .map((file) => file.slice(0, -SUFFIX.length))
  .sort();

for (const name of ruled) {
  if (mutating && !mutating.includes(name)) continue;
  // A machine that cannot be made (its module throws) or whose paths cannot be made keeps no rule: its rules test fails and says why.
  let walkable;
  try {
    const model = await findModel(name, Date.now());
    walkable = { model, generated: await generatePaths(model) };
  } catch (error) {
    describeUnwalkable(name, error);
    continue;
  }
  describeRulePaths(walkable.model, walkable.generated);
}
