import { defineConfig } from 'vitest/config';

/**
 * The tests `npm run mutate` runs against each mutant of machines/: the
 * generated paths and the model tests (tests/model), in Node without jsdom,
 * which they do not need, and without the app's build plugins.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/model/**/*.test.ts'],
  },
});
