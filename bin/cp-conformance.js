#!/usr/bin/env node
// In a clone the sources are TypeScript and tsx compiles them on load, so no build step
// stands between `npm install` and a first run. The installed package carries them
// compiled in dist/ (`npm pack` builds it) and no TypeScript loader.
import { setFlagsFromString } from 'node:v8';
import { existsSync } from 'node:fs';

// Each V8 isolate's young generation grows to 48 MB where a program allocates fast, as the
// checks' worker thread does (generated fixtures, parsed answers); 12 MB cost it no time
// measured and the run about 30 MB. Set before anything is loaded, for the isolates made
// later (the worker's, tsx's); how far the worker's old generation grows is set as it
// runs (harness/heap-growth.ts). Neither bounds the heap.
setFlagsFromString('--max-semi-space-size=4');

// vitest is loaded first: through tsx's hooks its large bundles would cost about 180 MB more memory.
await import('vitest/node');
const sources = new URL('../cli/main.ts', import.meta.url);
let main;
if (existsSync(sources)) {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import(sources.href));
} else {
  ({ main } = await import('../dist/cli/main.js'));
}
process.exitCode = await main(process.argv.slice(2));
