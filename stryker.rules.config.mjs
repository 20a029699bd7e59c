import { readdirSync } from 'node:fs';
import base from './stryker.config.json' with { type: 'json' };

/**
 * The second run of `npm run mutate` (scripts/mutate.ts): each machine with
 * rules (tests/model/rules/<machine>.rules.ts) made wrong one fault at a
 * time, as in stryker.config.json, and each mutant run against the rules
 * tests alone (vitest.mutate.rules.config.ts). A mutant is then found by a
 * rule or not at all, so the score is the rules' own, without the recorded
 * traces. Its own incremental file and reports, under reports/mutation/rules/.
 */
const RULES = 'tests/model/rules';
const SUFFIX = '.rules.ts';

export default {
  ...base,
  // From the project's folder, as Stryker reads every path of its config.
  mutate: readdirSync(RULES)
    .filter((file) => file.endsWith(SUFFIX))
    .map((file) => `machines/${file.slice(0, -SUFFIX.length)}.machine.ts`),
  vitest: { ...base.vitest, configFile: 'vitest.mutate.rules.config.ts' },
  incrementalFile: 'reports/mutation/rules/stryker-incremental.json',
  htmlReporter: { fileName: 'reports/mutation/rules/index.html' },
  jsonReporter: { fileName: 'reports/mutation/rules/mutation.json' },
};
