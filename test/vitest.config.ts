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
    // Two test files at once: most of a self-test waits on a child process or the reference,
    // so on the 2 cores CI has, npm test takes about 5.5 min instead of 7.5 with one.
    maxWorkers: 2,
  },
});
