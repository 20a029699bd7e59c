import { defineConfig } from 'vitest/config';
import { UNIT_HOOK_MS, UNIT_TEST_MS } from './tests/support/limits.ts';

/**
 * The tests `npm run mutate` runs against each mutant of machines/: the
 * generated paths and the model tests (tests/model), in Node without jsdom,
 * which they do not need, and without the app's build plugins. Their limits
 * are npm test's, calibrated to the machine: Stryker runs them niced beside
 * other work, where vitest's fixed 5 s failed its first run (a test that
 * walks paths through given steps took 8 s).
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/model/**/*.test.ts'],
    testTimeout: UNIT_TEST_MS,
    hookTimeout: UNIT_HOOK_MS,
  },
});
