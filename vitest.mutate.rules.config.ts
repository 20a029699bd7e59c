import { defineConfig } from 'vitest/config';
import base from './vitest.mutate.config.ts';

/**
 * The tests of `npm run mutate`'s second run (stryker.rules.config.mjs): the
 * rules tests alone (tests/model/machines.rules.test.ts, every generated path
 * checked against the session's rules), without the recorded traces, so the
 * score says what the rules find by themselves. Stryker's vitest runner sets
 * each project's test name filter itself on every run, so the rules tests are
 * chosen by their file, not by their names.
 */
export default defineConfig({
  test: {
    ...base.test,
    include: ['tests/model/machines.rules.test.ts'],
  },
});
