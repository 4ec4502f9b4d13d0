// `npm run sweep` (bench/sweep.ts): loaded as bench/index.js loads the benchmark, vitest first, then tsx's hooks.
import 'vitest/node';
import { register } from 'tsx/esm/api';

register();
await import('./sweep.ts');
