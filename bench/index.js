// `npm run bench`: loads the TypeScript benchmark the way bin/cp-conformance.js
// loads the command line (vitest first, then tsx's hooks), so the memory it
// measures is the runner's as users run it.
import 'vitest/node';
import { register } from 'tsx/esm/api';

register();
await import('./run.ts');
