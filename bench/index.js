// `npm run bench`: loads the TypeScript benchmark the way bin/cp-conformance.js
// loads the command line (vitest first, then tsx's hooks), so that the scale
// scenario, whose runner runs in this process, measures the runner as users run it.
import 'vitest/node';
import { register } from 'tsx/esm/api';

register();
await import('./run.ts');
