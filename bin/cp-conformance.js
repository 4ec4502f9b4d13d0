#!/usr/bin/env node
// In a clone the sources are TypeScript and tsx compiles them on load, so no build step
// stands between `npm install` and a first run. The installed package carries them
// compiled in dist/ (`npm pack` builds it) and no TypeScript loader.
import { setFlagsFromString } from 'node:v8';
import { existsSync } from 'node:fs';

// The flags the command line or NODE_OPTIONS names are the user's (V8 takes them with underscores too).
const userFlags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].map((arg) => arg.replaceAll('_', '-'));
const names = (flag) => userFlags.some((arg) => arg.startsWith(flag));

// Set before anything is loaded, so they hold for the isolates made later: the checks'
// worker thread (and tsx's loader thread), not this one's. Each isolate's young generation
// grows to 48 MB where a program allocates fast, as the checks do (generated fixtures,
// parsed answers); 12 MB cost no time measured and the run about 30 MB. Unless the user
// names a size (docs/benchmarks.md: a run for a small container).
if (!names('--max-semi-space-size')) setFlagsFromString('--max-semi-space-size=4');

// The checks' old generation: V8 sizes it from the machine's memory (about 4 GB on most)
// and, so sized, lets it grow to four times what is live before it collects, so a run
// that keeps some 60 MB live peaked near 500 MB. At most 1 GB, it grows by about 1.6
// times: a default run about 330 MB, existing data of 10,000 functions and 200,000 events
// about 400 MB, for about a tenth more CPU (docs/benchmarks.md). Unless the command line
// or NODE_OPTIONS names a size of its own, for data that needs more.
const OLD_SPACE_FLAG = '--max-old-space-size';
const named = names(OLD_SPACE_FLAG);
const CHECKS_OLD_SPACE_MB = 1024;
if (!named) setFlagsFromString(`${OLD_SPACE_FLAG}=${CHECKS_OLD_SPACE_MB}`);

// vitest's pool says only this when the checks' thread stops; the one cause a run meets is
// memory. No verdict, then (exit 2), and what to do about it, not a stack trace and exit 1.
process.on('uncaughtExceptionMonitor', (error) => {
  if (error?.message !== 'Worker exited unexpectedly') return;
  const bound = named ? 'the size NODE_OPTIONS or the command line names' : `${CHECKS_OLD_SPACE_MB} MB unless NODE_OPTIONS names one`;
  console.error(`cp-conformance: the checks' thread stopped before the run ended, most likely out of memory (its heap is bounded at ${bound}); run again with more, e.g. NODE_OPTIONS=${OLD_SPACE_FLAG}=4096. No verdict on the target.`);
  process.exit(2);
});

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
