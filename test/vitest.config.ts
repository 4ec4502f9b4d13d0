import { defineConfig } from 'vitest/config';

// The self-tests. The conformance suites themselves (suites/) run only through the
// runner, against a target; here they run against the reference implementation in
// child processes.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 60_000,
    maxConcurrency: 3,
  },
});
