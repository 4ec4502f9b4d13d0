// The one test module the runner hands vitest (runner/run-suites.ts): it makes the checks of
// the selected suite files its own tests, interleaved by area (harness/check.ts, declareChecks),
// so one worker thread runs checks of different areas at once.
import { inject } from 'vitest';
import { declareChecks } from './check.ts';

await declareChecks(inject('conformanceSuites'));
